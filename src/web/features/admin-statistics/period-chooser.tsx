import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { periodOf, statisticsQuerySchema, type Period } from '../../../common/schemas/statistics.js';
import { FormError } from '../admin-shell/form-error.js';
import { hasProblems, NO_PROBLEMS, refusalProblems, schemaProblems, type FormProblems } from '../forms/field-errors.js';
import { FormField } from '../forms/form-field.js';

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** The period's problems as the server would state them, so they show beside their field before a round trip. */
function problemsOf(values: Period): FormProblems {
  const parsed = statisticsQuerySchema.safeParse(values);
  if (!parsed.success) return schemaProblems(parsed.error);
  const found = periodOf(parsed.data, thisMonth());
  if ('period' in found) return NO_PROBLEMS;
  return refusalProblems({ ok: false, error: 'invalid_input', message: found.problem, status: 400 }, ['from', 'to']);
}

/** The first and last month shown; choosing them moves the address, so a period can be bookmarked. */
export function PeriodChooser({ period }: { period: Period }) {
  const navigate = useNavigate();
  const [values, setValues] = useState(period);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = problemsOf(values);
    setProblems(found);
    if (!hasProblems(found)) navigate(`/admin/statistics?${new URLSearchParams({ ...values })}`);
  }

  const month = (name: keyof Period, label: string) => (
    <FormField name={name} label={label} error={problems.fields[name]} hint="Month and year, like 2026-03">
      {(control) => (
        <input
          {...control}
          type="month"
          value={values[name]}
          onChange={(e) => setValues((current) => ({ ...current, [name]: e.target.value }))}
        />
      )}
    </FormField>
  );

  return (
    <form className="admin-card admin-form stats-period" onSubmit={submit} aria-label="Period" noValidate>
      {month('from', 'From')}
      {month('to', 'To')}
      <button type="submit" className="button-primary">
        Show
      </button>
      <FormError message={problems.form} />
    </form>
  );
}
