import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { WORKLOG_NEW_STATUSES } from '../../../common/constants.js';
import { newWorklogEntrySchema, WORKLOG_STATUS_LABELS } from '../../../common/schemas/worklog.js';
import { addWorklogEntry } from './worklog-api.js';
import { requireLogin } from './worklog-login.js';

export async function worklogAddLoader(): Promise<null> {
  await requireLogin();
  return null;
}

/**
 * The add form (specification: Work-log area): it starts empty; the shared schema explains what is missing before
 * anything is sent.
 */
export function WorklogAddPage() {
  const navigate = useNavigate();
  const [status, setStatus] = useState('');
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = newWorklogEntrySchema.safeParse({ status, content });
    if (!input.success) {
      setError(input.error.issues[0]!.message);
      return;
    }
    setBusy(true);
    const result = await addWorklogEntry(input.data);
    setBusy(false);
    if (result.ok) {
      navigate('/webdata');
      return;
    }
    console.error(result.message);
    setError(result.message);
  }

  return (
    <form className="worklog-add" onSubmit={submit} noValidate>
      <div className="worklog-add-bar">
        <Link to="/webdata" className="worklog-back" aria-label="Back to the entries">
          ←
        </Link>
        <h1>New entry</h1>
        <button type="submit" className="worklog-button worklog-primary" disabled={busy}>
          Submit
        </button>
      </div>
      {error && (
        <p className="worklog-error" role="alert">
          {error}
        </p>
      )}
      <label htmlFor="worklog-status">Status</label>
      <select id="worklog-status" value={status} onChange={(e) => setStatus(e.target.value)}>
        <option value="">Select Type</option>
        {WORKLOG_NEW_STATUSES.map((value) => (
          <option key={value} value={value}>
            {WORKLOG_STATUS_LABELS[value]}
          </option>
        ))}
      </select>
      <label htmlFor="worklog-content">Your Content</label>
      <input id="worklog-content" type="text" placeholder="Your Content" value={content} onChange={(e) => setContent(e.target.value)} />
    </form>
  );
}
