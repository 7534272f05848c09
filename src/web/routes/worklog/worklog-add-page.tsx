import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { WORKLOG_NEW_STATUSES } from '../../../common/constants.js';
import { newWorklogEntrySchema, WORKLOG_STATUS_LABELS } from '../../../common/schemas/worklog.js';
import { NO_PROBLEMS, refusalProblems, schemaProblems, type FormProblems } from '../../features/forms/field-errors.js';
import { FormField } from '../../features/forms/form-field.js';
import { useKeptForm } from '../../lib/use-kept-form.js';
import { addWorklogEntry } from './worklog-api.js';
import { loginLost, requireLogin } from './worklog-login.js';

export async function worklogAddLoader(): Promise<null> {
  await requireLogin();
  return null;
}

const FIELD_NAMES = ['status', 'content'];

/**
 * The add form (specification: Work-log area): it starts empty; the shared schema explains what is missing before
 * anything is sent.
 */
export function WorklogAddPage() {
  const navigate = useNavigate();
  const [values, setValues] = useKeptForm('entry', { status: '', content: '' });
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = newWorklogEntrySchema.safeParse(values);
    if (!input.success) return setProblems(schemaProblems(input.error));
    setBusy(true);
    const result = await addWorklogEntry(input.data);
    setBusy(false);
    if (result.ok) return navigate('/webdata');
    console.error(result.message);
    // A lost login keeps the entry for after signing in again (session-guard.ts).
    if (result.status === 401) return navigate(loginLost(), { replace: true });
    setProblems(refusalProblems(result, FIELD_NAMES));
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
      {problems.form && (
        <p className="worklog-error" role="alert">
          {problems.form}
        </p>
      )}
      <FormField name="status" label="Status" required error={problems.fields.status}>
        {(control) => (
          <select {...control} value={values.status} onChange={(e) => setValues({ ...values, status: e.target.value })}>
            <option value="">Select Type</option>
            {WORKLOG_NEW_STATUSES.map((value) => (
              <option key={value} value={value}>
                {WORKLOG_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField name="content" label="Your Content" required error={problems.fields.content}>
        {(control) => (
          <input
            {...control}
            type="text"
            placeholder="Your Content"
            value={values.content}
            onChange={(e) => setValues({ ...values, content: e.target.value })}
          />
        )}
      </FormField>
    </form>
  );
}
