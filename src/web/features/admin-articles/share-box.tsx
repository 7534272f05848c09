import { useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../../../common/constants.js';

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
