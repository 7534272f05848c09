import { ISSUE_FREQUENCIES } from '../../../common/constants.js';
import { FormField } from '../forms/form-field.js';

/** The issue forms' frequency field, required (specification: Validation rules). */
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
    <FormField name="frequency" label="Frequency" required error={error}>
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Select frequency</option>
          {ISSUE_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {frequency}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
