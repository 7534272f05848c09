import { USER_ROLE_LABELS, USER_ROLES, type UserRole } from '../../../common/schemas/user.js';
import type { ControlProps } from '../forms/form-field.js';

interface RoleSelectProps {
  value: UserRole;
  onChange: (role: UserRole) => void;
  disabled?: boolean;
  control: ControlProps;
}

/** The role choice of the new-user form and the account page. */
export function RoleSelect({ value, onChange, disabled, control }: RoleSelectProps) {
  return (
    <select {...control} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as UserRole)}>
      {USER_ROLES.map((role) => (
        <option key={role} value={role}>
          {USER_ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}
