import { useEffect, useRef, useState } from 'react';
import { articlePath } from '../../../common/archive-links.js';
import { COPY_CONFIRMATION_MS } from '../../../common/constants.js';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import { textOf } from '../../../common/schemas/article.js';

/**
 * The message for the author after a save, with the download, abstract and optional review links (specification:
 * Error catalogue).
 */
export function shareMessage(article: ArticleRecord, action: 'published' | 'updated', origin: string, reviewLink: string): string {
  return [
    'Dear Author,',
    `Your article "${textOf(article.title)}" (Ref. No. ${article.refnumber}) has been ${action} successfully.`,
    `Download link: ${origin}/pdf?refno=${encodeURIComponent(article.refnumber)}`,
    `Abstract link: ${origin}${articlePath(article)}`,
    ...(reviewLink ? [`Please share your experience with us: ${reviewLink}`] : []),
  ].join('\n');
}

async function copyText(text: string, fallback: HTMLTextAreaElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without clipboard access (an insecure origin), copy the selected text the old way.
    fallback?.select();
    document.execCommand('copy');
  }
}

export function ShareBox({ message }: { message: string }) {
  const [copied, setCopied] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <section className="admin-card share-box" aria-label="Message for the author">
      <h2>Message for the author</h2>
      <textarea ref={area} readOnly value={message} rows={message.split('\n').length + 1} aria-label="Message text" />
      <button
        type="button"
        className="button-primary"
        onClick={() => copyText(message, area.current).then(() => setCopied(true))}
      >
        {copied ? 'Copied!' : 'Copy'}
      </button>
    </section>
  );
}
