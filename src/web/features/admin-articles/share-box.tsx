import { useEffect, useRef, useState } from 'react';
import type { AuthorMessageAction } from '../../../common/author-message.js';
import { COPY_CONFIRMATION_MS } from '../../../common/constants.js';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import { useEmailEnabled } from '../../lib/email-features.js';
import { adminRequest } from '../admin-shell/admin-request.js';
import { useFlash } from '../admin-shell/flash.js';

async function copyText(text: string, fallback: HTMLTextAreaElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without clipboard access (an insecure origin), copy the selected text the old way.
    fallback?.select();
    document.execCommand('copy');
  }
}

/** The save the message is about, so that the server can send the same message to the author. */
export interface SendableMessage {
  articleId: number;
  action: AuthorMessageAction;
}

export function ShareBox({ message, send }: { message: string; send: SendableMessage }) {
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
      <SendToAuthor {...send} />
    </section>
  );
}

/** Emails the message to the article's stored address (when SMTP_URL is set); the server logs what it sent. */
function SendToAuthor({ articleId, action }: SendableMessage) {
  const enabled = useEmailEnabled();
  const flash = useFlash();
  const [busy, setBusy] = useState(false);
  if (!enabled) return null;

  async function send() {
    setBusy(true);
    const result = await adminRequest<{ message: string }>(`/api/archives/${articleId}/send-to-author`, {
      method: 'POST',
      body: { action },
    });
    setBusy(false);
    if (result.ok) flash.show('success', result.data.message);
    // Refusals the server explains: no author email, no SITE_URL to link to, a mail server that refused.
    else flash.show('error', [400, 409, 502].includes(result.status) ? result.message : GENERIC_ERROR_MESSAGE);
  }

  return (
    <button type="button" className="button-primary send-to-author" disabled={busy} onClick={() => void send()}>
      {busy ? 'Sending…' : 'Send to author'}
    </button>
  );
}
