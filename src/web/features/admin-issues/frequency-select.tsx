import { ISSUE_FREQUENCIES } from '../../../common/constants.js';

/** The issue forms' frequency field (specification: Validation rules). */
export function FrequencySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <label>
      Frequency
      <select name="frequency" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Select frequency</option>
        {ISSUE_FREQUENCIES.map((frequency) => (
          <option key={frequency} value={frequency}>
            {frequency}
          </option>
        ))}
      </select>
    </label>
  );
}
