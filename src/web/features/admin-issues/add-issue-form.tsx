import { useState, type FormEvent } from 'react';
import {
  ISSUE_CREATED_MESSAGE,
  issueCreateSchema,
  suggestNextIssue,
  type AdminIssue,
} from '../../../common/schemas/issue.js';
import { adminRequest } from '../admin-shell/admin-request.js';
import { useFlash } from '../admin-shell/flash.js';
import { FormError } from '../admin-shell/form-error.js';
import { FormTitle } from './form-title.js';
import { FrequencySelect } from './frequency-select.js';
import { NO_PROBLEMS, refusalProblems, schemaProblems, type FormProblems } from '../forms/field-errors.js';
import { FormField } from '../forms/form-field.js';
import { useKeptForm } from '../../lib/use-kept-form.js';

const FIELD_NAMES = Object.keys(issueCreateSchema.shape);
/** An issue that exists already is the issue number's problem. */
const REFUSALS = { codeFields: { duplicate_issue: 'issue' } };

type NumberField = 'year' | 'volume' | 'issue';

/** The next volume and issue of `year`, as form text. */
function suggested(issues: readonly AdminIssue[], year: number) {
  const next = suggestNextIssue(issues, year);
  return { volume: String(next.volume), issue: String(next.issue) };
}

/**
 * A new issue of any year (the current one by default) with the next volume and issue suggested; volume, issue
 * (numbers >= 0) and frequency are required (specification: Validation rules). It is made as a draft that readers do
 * not see until it is published, unless "Publish at once" is chosen (decision 098).
 */
export function AddIssueForm({
  issues,
  onClose,
  onCreated,
}: {
  issues: readonly AdminIssue[];
  onClose: () => void;
  onCreated: () => void;
}) {
  const flash = useFlash();
  const thisYear = new Date().getFullYear();
  const [values, setValues] = useKeptForm('issue', {
    year: String(thisYear),
    ...suggested(issues, thisYear),
    frequency: '',
    publishNow: '',
  });
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const setYear = (text: string) =>
    setValues((current) => ({
      ...current,
      year: text,
      ...(/^\d{4}$/.test(text) ? suggested(issues, Number(text)) : {}),
    }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
    const parsed = issueCreateSchema.safeParse({
      year: number(values.year),
      volume: number(values.volume),
      issue: number(values.issue),
      frequency: values.frequency || undefined,
      state: values.publishNow ? 'published' : 'draft',
    });
    if (!parsed.success) return setProblems(schemaProblems(parsed.error));
    const result = await adminRequest('/api/admin/create-issue', { method: 'POST', body: parsed.data });
    if (!result.ok) return setProblems(refusalProblems(result, FIELD_NAMES, REFUSALS));
    flash.show('success', ISSUE_CREATED_MESSAGE);
    onCreated();
    onClose();
  }

  const numberField = (key: NumberField, label: string, onChange = set(key)) => (
    <FormField name={key} label={label} required error={problems.fields[key]}>
      {(control) => (
        <input {...control} type="number" min={0} value={values[key]} onChange={(e) => onChange(e.target.value)} />
      )}
    </FormField>
  );

  return (
    <form className="admin-card admin-form add-issue" onSubmit={submit} aria-label="Add issue" noValidate>
      <FormTitle title="Add Issue" onClose={onClose} />
      <div className="form-grid">
        {numberField('year', 'Year', setYear)}
        {numberField('volume', 'Volume')}
        {numberField('issue', 'Issue')}
        <FrequencySelect value={values.frequency} onChange={set('frequency')} error={problems.fields.frequency} />
      </div>
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={values.publishNow === '1'}
          onChange={(e) => set('publishNow')(e.target.checked ? '1' : '')}
        />
        Publish at once (otherwise a draft: readers see it only once it is published)
      </label>
      <FormError message={problems.form} />
      <button type="submit" className="button-primary">
        Create Issue
      </button>
    </form>
  );
}
