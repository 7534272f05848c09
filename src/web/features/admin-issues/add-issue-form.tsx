import { useState, type FormEvent } from 'react';
import { ISSUE_CREATED_MESSAGE, issueInputSchema } from '../../../common/schemas/issue.js';
import { adminRequest } from '../admin-shell/admin-request.js';
import { useFlash } from '../admin-shell/flash.js';
import { FormError } from '../admin-shell/form-error.js';
import { FormTitle } from './form-title.js';
import { FrequencySelect } from './frequency-select.js';
import { NO_PROBLEMS, refusalProblems, schemaProblems, type FormProblems } from '../forms/field-errors.js';
import { FormField } from '../forms/form-field.js';
import { useKeptForm } from '../../lib/use-kept-form.js';

const FIELD_NAMES = Object.keys(issueInputSchema.shape);
/** An issue that exists already is the issue number's problem. */
const REFUSALS = { codeFields: { duplicate_issue: 'issue' } };

/**
 * The year is the current one; volume, issue (numbers >= 0) and frequency are required (specification: Validation
 * rules).
 */
export function AddIssueForm({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const flash = useFlash();
  const year = new Date().getFullYear();
  const [values, setValues] = useKeptForm('issue', { volume: '', issue: '', frequency: '' });
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
    const parsed = issueInputSchema.safeParse({
      year,
      volume: number(values.volume),
      issue: number(values.issue),
      frequency: values.frequency || undefined,
    });
    if (!parsed.success) return setProblems(schemaProblems(parsed.error));
    const result = await adminRequest('/api/admin/create-issue', { method: 'POST', body: parsed.data });
    if (!result.ok) return setProblems(refusalProblems(result, FIELD_NAMES, REFUSALS));
    flash.show('success', ISSUE_CREATED_MESSAGE);
    onCreated();
    onClose();
  }

  const numberField = (key: 'volume' | 'issue', label: string) => (
    <FormField name={key} label={label} required error={problems.fields[key]}>
      {(control) => (
        <input {...control} type="number" min={0} value={values[key]} onChange={(e) => set(key)(e.target.value)} />
      )}
    </FormField>
  );

  return (
    <form className="admin-card admin-form add-issue" onSubmit={submit} aria-label="Add issue" noValidate>
      <FormTitle title="Add Issue" onClose={onClose} />
      <div className="form-grid">
        <FormField name="year" label="Year" error={problems.fields.year}>
          {(control) => <input {...control} value={year} readOnly />}
        </FormField>
        {numberField('volume', 'Volume')}
        {numberField('issue', 'Issue')}
        <FrequencySelect value={values.frequency} onChange={set('frequency')} error={problems.fields.frequency} />
      </div>
      <FormError message={problems.form} />
      <button type="submit" className="button-primary">
        Create Issue
      </button>
    </form>
  );
}
