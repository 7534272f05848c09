import { useState, type FormEvent } from 'react';
import { ISSUE_UPDATED_MESSAGE, issueInputSchema, type AdminIssue } from '../../../common/schemas/issue.js';
import { useConfirm, type Confirmation } from '../../components/confirm-dialog.js';
import { adminRequest } from '../admin-shell/admin-request.js';
import { useFlash } from '../admin-shell/flash.js';
import { FormError } from '../admin-shell/form-error.js';
import { NO_PROBLEMS, refusalProblems, schemaProblems, type FormProblems } from '../forms/field-errors.js';
import { FormField } from '../forms/form-field.js';
import { FormTitle } from './form-title.js';
import { FrequencySelect } from './frequency-select.js';

const FIELD_NAMES = Object.keys(issueInputSchema.shape);
/** Another issue with these numbers is the issue number's problem. */
const REFUSALS = { codeFields: { duplicate_issue: 'issue' } };

type NumberField = 'year' | 'volume' | 'issue';
const NUMBER_FIELDS: { name: NumberField; label: string }[] = [
  { name: 'year', label: 'Year' },
  { name: 'volume', label: 'Volume' },
  { name: 'issue', label: 'Issue' },
];

/** What saving will do, asked before it is done; a change of months alone needs no question. */
function confirmation(issue: AdminIssue, next: { year: number; volume: number; issue: number }): Confirmation | null {
  const renumbered = next.year !== issue.year || next.volume !== issue.volume || next.issue !== issue.issue;
  if (!renumbered) return null;
  return {
    question: 'Renumber this issue?',
    consequence: `Its ${issue.articles} articles and their PDFs move with it, and links to its old addresses lead to the new ones.`,
    action: 'Renumber issue',
  };
}

/** Changes an issue's numbers or frequency; its articles, their PDFs and addresses follow (decision 050). */
export function EditIssueForm({
  issue,
  onClose,
  onSaved,
}: {
  issue: AdminIssue;
  onClose: () => void;
  onSaved: () => void;
}) {
  const flash = useFlash();
  const confirm = useConfirm();
  const [numbers, setNumbers] = useState<Record<NumberField, string>>({
    year: String(issue.year),
    volume: String(issue.volume),
    issue: String(issue.issue),
  });
  const [frequency, setFrequency] = useState(issue.frequency);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
    const parsed = issueInputSchema.safeParse({
      year: number(numbers.year),
      volume: number(numbers.volume),
      issue: number(numbers.issue),
      frequency: frequency || undefined,
    });
    if (!parsed.success) return setProblems(schemaProblems(parsed.error));
    const question = confirmation(issue, parsed.data);
    if (question && !(await confirm(question))) return;
    const result = await adminRequest(`/api/admin/issues/${issue.id}`, { method: 'PUT', body: parsed.data });
    if (!result.ok) return setProblems(refusalProblems(result, FIELD_NAMES, REFUSALS));
    flash.show('success', ISSUE_UPDATED_MESSAGE);
    onSaved();
    onClose();
  }

  return (
    <form className="admin-card admin-form edit-issue" onSubmit={submit} aria-label="Edit issue" noValidate>
      <FormTitle title="Edit Issue" onClose={onClose} />
      <div className="form-grid">
        {NUMBER_FIELDS.map(({ name, label }) => (
          <FormField key={name} name={name} label={label} required error={problems.fields[name]}>
            {(control) => (
              <input
                {...control}
                type="number"
                min={0}
                value={numbers[name]}
                onChange={(e) => setNumbers({ ...numbers, [name]: e.target.value })}
              />
            )}
          </FormField>
        ))}
        <FrequencySelect value={frequency} onChange={setFrequency} error={problems.fields.frequency} />
      </div>
      <FormError message={problems.form} />
      <button type="submit" className="button-primary">
        Save Issue
      </button>
    </form>
  );
}
