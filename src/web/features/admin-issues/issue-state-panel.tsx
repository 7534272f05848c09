import { useState } from 'react';
import { Link } from 'react-router';
import { issueTitle } from '../../../common/archive-links.js';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import {
  ISSUE_PUBLISHED_MESSAGE,
  ISSUE_SCHEDULED_MESSAGE,
  ISSUE_UNPUBLISHED_MESSAGE,
  unpublishWarning,
  type AdminIssue,
} from '../../../common/schemas/issue.js';
import { useConfirm, type Confirmation } from '../../components/confirm-dialog.js';
import { useEmailEnabled } from '../../lib/email-features.js';
import { adminRequest } from '../admin-shell/admin-request.js';
import { useFlash } from '../admin-shell/flash.js';
import { CrossrefButton, DoajButton } from './xml-download-buttons.js';

type Issue = Omit<AdminIssue, 'articles' | 'enabledArticles'>;

const issueName = (issue: Issue) => issueTitle(issue.year, issue.volume, issue.issue, issue.frequency);
const today = () => new Date().toISOString().slice(0, 10);
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The browser's time zone, which a datetime-local field is in: "Europe/Berlin". */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A stored instant in the reader's own time zone, named: "27 Nov 2026, 09:00 (Europe/Berlin)". */
export const localTime = (iso: string) =>
  `${new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })} (${browserTimeZone()})`;

/** What publishing does, in an editor's words, asked before it is done. */
export function publishQuestion(name: string, articles: number, when: string): Confirmation {
  return {
    question: `Publish ${name} ${when}?`,
    consequence:
      `Readers, libraries and indexers will find its ${plural(articles, 'enabled article')} on the site and in its ` +
      'search, with their download pages and certificates. Each article takes the issue’s publication date.',
    action: 'Publish',
  };
}

/** Moving back to draft: what readers lose. */
const unpublishQuestion = (name: string, articles: number): Confirmation => ({
  question: `Move ${name} back to draft?`,
  consequence: unpublishWarning(articles),
  action: 'Move back to draft',
  danger: true,
});

/** What readers see of the issue now, in a few words. */
export function issueStateText(issue: Pick<Issue, 'state' | 'publish_at' | 'publication_date'>): string {
  if (issue.state === 'published') return `Published ${issue.publication_date}`.trim();
  if (issue.state === 'scheduled') return `Scheduled for ${localTime(issue.publish_at)}`;
  return 'Draft';
}

interface Props {
  issue: Issue;
  articles: ArticleRecord[];
  onChanged: () => Promise<void> | void;
}

/**
 * The issue's state and the step that comes next (decision 098): a draft or scheduled issue is published now or at
 * a chosen time; a published one offers the Crossref deposit, the DOAJ upload and the authors' emails, or going back to draft.
 */
export function IssueStatePanel({ issue, articles, onChanged }: Props) {
  const flash = useFlash();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const enabled = articles.filter((article) => article.status === 'enabled');

  async function act(path: string, body: object, success: string) {
    setBusy(true);
    const result = await adminRequest(`/api/admin/issues/${issue.id}/${path}`, { method: 'POST', body });
    setBusy(false);
    if (!result.ok)
      return flash.show('error', [400, 404, 409].includes(result.status) ? result.message : GENERIC_ERROR_MESSAGE);
    flash.show('success', success);
    await onChanged();
  }

  async function backToDraft() {
    if (await confirm(unpublishQuestion(issueName(issue), enabled.length)))
      await act('unpublish', { confirm: true }, ISSUE_UNPUBLISHED_MESSAGE);
  }

  async function publish(date: string) {
    const when = date === today() ? 'today' : `dated ${date}`;
    if (await confirm(publishQuestion(issueName(issue), enabled.length, when)))
      await act('publish', { publication_date: date }, ISSUE_PUBLISHED_MESSAGE);
  }

  async function schedule(at: string) {
    if (await confirm(publishQuestion(issueName(issue), enabled.length, `on ${localTime(at)}`)))
      await act('schedule', { publish_at: at }, ISSUE_SCHEDULED_MESSAGE);
  }

  return (
    <section className={`admin-card issue-state issue-state-${issue.state}`} aria-label="Publication">
      <p className="issue-state-line">
        <strong>{issueStateText(issue)}</strong>
        {issue.state !== 'published' && (
          <span className="muted"> — readers, search and indexers cannot see it yet.</span>
        )}
      </p>
      {issue.state !== 'published' && (
        <Link to={`/admin/archives/${issue.year}/${issue.volume}/${issue.issue}/preview`}>Preview the whole issue</Link>
      )}
      {issue.state === 'published' ? (
        <NextSteps issue={issue} articles={enabled} />
      ) : (
        <PublishForm issue={issue} articles={enabled.length} busy={busy} onPublish={publish} onSchedule={schedule} />
      )}
      {issue.state !== 'draft' && (
        <button type="button" className="link-button danger" disabled={busy} onClick={() => void backToDraft()}>
          Back to draft
        </button>
      )}
    </section>
  );
}

interface PublishFormProps {
  issue: Issue;
  articles: number;
  busy: boolean;
  onPublish: (date: string) => Promise<void>;
  onSchedule: (isoInstant: string) => Promise<void>;
}

/** The publication date (today, or the date of an earlier publication) and a time for a scheduled publication. */
function PublishForm({ issue, articles, busy, onPublish, onSchedule }: PublishFormProps) {
  const [date, setDate] = useState(issue.publication_date || today());
  const [at, setAt] = useState('');
  return (
    <div className="publish-form">
      <label>
        Publication date <span className="muted">(of the issue and each of its {articles} enabled articles)</span>
        <input type="date" value={date} onChange={(event) => setDate(event.target.value)} required />
      </label>
      <button type="button" className="button-primary" disabled={busy || !date} onClick={() => void onPublish(date)}>
        Publish issue
      </button>
      <label>
        <span>
          Or publish automatically at <span className="muted">(time in {browserTimeZone()})</span>
        </span>
        <input type="datetime-local" value={at} onChange={(event) => setAt(event.target.value)} />
      </label>
      <button
        type="button"
        disabled={busy || !at || articles === 0}
        title={articles === 0 ? 'An issue without enabled articles cannot be scheduled.' : undefined}
        // datetime-local is the browser's own time zone; the server keeps the instant.
        onClick={() => void onSchedule(new Date(at).toISOString())}
      >
        Schedule
      </button>
    </div>
  );
}

/** After publication: the Crossref deposit, the DOAJ upload, and with email set up, each author's download page by email. */
function NextSteps({ issue, articles }: { issue: Issue; articles: ArticleRecord[] }) {
  const emailEnabled = useEmailEnabled();
  return (
    <div className="next-steps">
      <p>Next steps:</p>
      <ul>
        <li>
          <a href={`/archives/${issue.year}/${issue.volume}/${issue.issue}`}>See the issue on the site</a>
        </li>
        <li>
          {articles.some((article) => article.doi) ? (
            <>
              Deposit the DOIs: <CrossrefButton issue={issue} />
            </>
          ) : (
            'No article of this issue has a DOI yet: once they have, their deposit for Crossref is made here.'
          )}
        </li>
        <li>
          Upload the articles to DOAJ: <DoajButton issue={issue} />
        </li>
        {emailEnabled && (
          <li>
            <EmailAuthors articles={articles} />
          </li>
        )}
      </ul>
    </div>
  );
}

/** Sends each article's "published" message to its author, one after another, with the count so far. */
function EmailAuthors({ articles }: { articles: ArticleRecord[] }) {
  const [progress, setProgress] = useState<{ sent: number; failed: string[] } | null>(null);
  const withEmail = articles.filter((article) => article.email);

  async function sendAll() {
    const failed: string[] = [];
    setProgress({ sent: 0, failed });
    for (const [index, article] of withEmail.entries()) {
      const result = await adminRequest(`/api/archives/${article.id}/send-to-author`, {
        method: 'POST',
        body: { action: 'published' },
      });
      if (!result.ok) failed.push(`${article.refnumber}: ${result.message}`);
      setProgress({ sent: index + 1, failed: [...failed] });
    }
  }

  if (!progress)
    return (
      <button type="button" onClick={() => void sendAll()} disabled={withEmail.length === 0}>
        Email {withEmail.length} author{withEmail.length === 1 ? '' : 's'} their download page
      </button>
    );
  return (
    <div role="status">
      <progress value={progress.sent} max={withEmail.length} /> {progress.sent} of {withEmail.length} emails sent
      {progress.failed.map((line) => (
        <p key={line} className="flash flash-error">
          {line}
        </p>
      ))}
    </div>
  );
}
