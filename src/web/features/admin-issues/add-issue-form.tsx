import { useState, type FormEvent } from 'react';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import { ISSUE_CREATED_MESSAGE, issueInputSchema } from '../../../common/schemas/issue.js';
import { adminRequest, firstProblem } from '../admin-shell/admin-request.js';
import { useFlash } from '../admin-shell/flash.js';
import { FormError } from '../admin-shell/form-error.js';
import { FormTitle } from './form-title.js';
import { FrequencySelect } from './frequency-select.js';

/**
 * The year is the current one; volume, issue (numbers >= 0) and frequency are required (specification: Validation
 * rules).
 */
export function AddIssueForm({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const flash = useFlash();
  const year = new Date().getFullYear();
  const [volume, setVolume] = useState('');
  const [issue, setIssue] = useState('');
  const [frequency, setFrequency] = useState('');
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
    const parsed = issueInputSchema.safeParse({ year, volume: number(volume), issue: number(issue), frequency: frequency || undefined });
    if (!parsed.success) return setError(firstProblem(parsed.error));
    const result = await adminRequest('/api/admin/create-issue', { method: 'POST', body: parsed.data });
    if (!result.ok) return setError(result.status === 409 ? result.message : GENERIC_ERROR_MESSAGE);
    flash.show('success', ISSUE_CREATED_MESSAGE);
    onCreated();
    onClose();
  }

  return (
    <form className="admin-card admin-form add-issue" onSubmit={submit} aria-label="Add issue">
      <FormTitle title="Add Issue" onClose={onClose} />
      <div className="form-grid">
        <label>
          Year
          <input name="year" value={year} readOnly />
        </label>
        <label>
          Volume
          <input name="volume" type="number" min={0} value={volume} onChange={(e) => setVolume(e.target.value)} />
        </label>
        <label>
          Issue
          <input name="issue" type="number" min={0} value={issue} onChange={(e) => setIssue(e.target.value)} />
        </label>
        <FrequencySelect value={frequency} onChange={setFrequency} />
      </div>
      <FormError message={error} />
      <button type="submit" className="button-primary">
        Create Issue
      </button>
    </form>
  );
}
