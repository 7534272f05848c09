import { useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  PASSWORD_MISMATCH_MESSAGE,
  USER_UPDATED_MESSAGE,
  userUpdateSchema,
  type AdminUser,
} from '../../../common/schemas/user.js';
import { adminLoad, adminRequest } from '../../features/admin-shell/admin-request.js';
import { useFlash } from '../../features/admin-shell/flash.js';
import { FormError } from '../../features/admin-shell/form-error.js';
import { NO_PROBLEMS, refusalProblems, schemaProblems, type FormProblems } from '../../features/forms/field-errors.js';
import { FormField } from '../../features/forms/form-field.js';
import { RoleSelect } from '../../features/admin-users/role-select.js';
import { getSession, setSession } from '../../lib/session.js';

const FIELD_NAMES = ['name', 'role', 'current_password', 'password', 'password_again'];
/** Refusals that concern one field, whatever the server's wording. */
const REFUSALS = {
  codeFields: {
    wrong_current_password: 'current_password',
    current_password_required: 'current_password',
    cannot_demote_self: 'role',
    last_admin: 'role',
  },
};

export const accountLoader = ({ params }: LoaderFunctionArgs) => adminLoad<AdminUser>(`/api/users/${params.id}`);

/**
 * Name, password and role of a user; an empty password keeps the old one. One's own new password needs
 * the current one, and one's own role cannot change.
 */
export function AccountPage() {
  const user = useLoaderData<typeof accountLoader>();
  const flash = useFlash();
  const own = getSession()?.user.id === user.id;
  const [name, setName] = useState(user.name);
  const [role, setRole] = useState(user.role);
  const [email, setEmail] = useState(user.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = userUpdateSchema.safeParse({
      name,
      email,
      password,
      role,
      ...(own && password ? { current_password: currentPassword } : {}),
    });
    const found = parsed.success ? { fields: {}, form: '' } : schemaProblems(parsed.error);
    if (password !== again) found.fields = { ...found.fields, password_again: PASSWORD_MISMATCH_MESSAGE };
    if (own && password && !currentPassword)
      found.fields = { ...found.fields, current_password: 'Enter your current password to set a new one.' };
    setProblems(found);
    if (!parsed.success || Object.keys(found.fields).length > 0) return;
    const result = await adminRequest<AdminUser & { token?: string }>(`/api/users/${user.id}`, {
      method: 'POST',
      body: parsed.data,
    });
    if (!result.ok) return setProblems(refusalProblems(result, FIELD_NAMES, REFUSALS));
    const session = getSession();
    // A new password of one's own ended the old session; the answer carries the new token.
    if (own && session)
      setSession({ token: result.data.token ?? session.token, user: { ...session.user, name: result.data.name } });
    setCurrentPassword('');
    setPassword('');
    setAgain('');
    setProblems(NO_PROBLEMS);
    flash.show('success', USER_UPDATED_MESSAGE);
  }

  return (
    <section>
      <h1>Account: {user.username}</h1>
      <form className="admin-card admin-form narrow-form" onSubmit={submit} noValidate>
        <FormField name="name" label="Name" required error={problems.fields.name}>
          {(control) => <input {...control} value={name} onChange={(e) => setName(e.target.value)} />}
        </FormField>
        <FormField
          name="email"
          label="Email"
          error={problems.fields.email}
          hint='Where a "Forgot password" link is sent; empty: none can be.'
        >
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </FormField>
        <FormField
          name="role"
          label="Role"
          error={problems.fields.role}
          hint={own && 'You cannot change your own role.'}
        >
          {(control) => <RoleSelect value={role} onChange={setRole} disabled={own} control={control} />}
        </FormField>
        {own && (
          <FormField
            name="current_password"
            label="Current password"
            error={problems.fields.current_password}
            hint="Needed only to set a new one."
          >
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(e) => setCurrentPassword(e.target.value)}
              />
            )}
          </FormField>
        )}
        <FormField
          name="password"
          label="New password"
          error={problems.fields.password}
          hint="Leave empty to keep the password as it is."
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
        <FormField name="password_again" label="Re-enter password" error={problems.fields.password_again}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              value={again}
              onChange={(e) => setAgain(e.target.value)}
            />
          )}
        </FormField>
        <FormError message={problems.form} />
        <button type="submit" className="button-primary">
          Save
        </button>
      </form>
    </section>
  );
}
