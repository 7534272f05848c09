import { monthsCovered } from '../../../common/archive-links.js';
import { ISSUE_FREQUENCIES } from '../../../common/constants.js';
import { FormField } from '../forms/form-field.js';

/** The choices grouped by how many months an issue covers, as an editor thinks of them. */
const GROUPS: { label: string; months: number }[] = [
  { label: 'One month', months: 1 },
  { label: 'Two months', months: 2 },
  { label: 'A quarter', months: 3 },
  { label: 'Four months', months: 4 },
  { label: 'Half a year', months: 6 },
  { label: 'The whole year', months: 12 },
];

const monthCount = (frequency: string) => frequency.split('-').length;

/** The issue forms' months field (the specification's frequency), required, chosen by words (e.g. "January to March"). */
export function FrequencySelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <FormField name="frequency" label="Months the issue covers" required error={error}>
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose the months</option>
          {GROUPS.map((group) => (
            <optgroup key={group.months} label={group.label}>
              {ISSUE_FREQUENCIES.filter((frequency) => monthCount(frequency) === group.months).map((frequency) => (
                <option key={frequency} value={frequency}>
                  {monthsCovered(frequency)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </FormField>
  );
}
