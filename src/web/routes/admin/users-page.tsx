import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import {
  USER_CREATED_MESSAGE,
  USER_ROLE_LABELS,
  USER_UPDATED_MESSAGE,
  userCreateSchema,
  type AdminUser,
  type UserRole,
} from '../../../common/schemas/user.js';
import { adminLoad, adminRequest } from '../../features/admin-shell/admin-request.js';
import { useFlash } from '../../features/admin-shell/flash.js';
import { FormError } from '../../features/admin-shell/form-error.js';
import {
  NO_PROBLEMS,
  refusalMessage,
  refusalProblems,
  schemaProblems,
  type FormProblems,
} from '../../features/forms/field-errors.js';
import { FormField } from '../../features/forms/form-field.js';
import { getSession } from '../../lib/session.js';
import { AdminTable } from '../../features/admin-shell/admin-table.js';
import { RoleSelect } from '../../features/admin-users/role-select.js';
import { StatusSwitch } from '../../features/admin-shell/status-switch.js';

export const usersLoader = () => adminLoad<AdminUser[]>('/api/users');

/** A new user is staff unless made an administrator on purpose. */
const EMPTY_USER = { username: '', name: '', password: '', email: '', role: 'staff' as UserRole };
const USER_FIELDS = Object.keys(EMPTY_USER);
const USER_REFUSALS = { codeFields: { duplicate_username: 'username' } };

function NewUserForm({ onCreated }: { onCreated: () => void }) {
  const flash = useFlash();
  const [values, setValues] = useState(EMPTY_USER);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = userCreateSchema.safeParse(values);
    if (!parsed.success) return setProblems(schemaProblems(parsed.error));
    const result = await adminRequest('/api/users', { method: 'POST', body: parsed.data });
    if (!result.ok) return setProblems(refusalProblems(result, USER_FIELDS, USER_REFUSALS));
    setProblems(NO_PROBLEMS);
    flash.show('success', USER_CREATED_MESSAGE);
    setValues(EMPTY_USER);
    onCreated();
  }

  return (
    <form className="admin-card admin-form" onSubmit={submit} aria-label="New user" noValidate>
      <h2>New user</h2>
      <div className="form-grid">
        <FormField name="username" label="Username" required error={problems.fields.username}>
          {(control) => (
            <input
              {...control}
              autoComplete="off"
              value={values.username}
              onChange={(e) => set('username')(e.target.value)}
            />
          )}
        </FormField>
        <FormField name="name" label="Name" required error={problems.fields.name}>
          {(control) => <input {...control} value={values.name} onChange={(e) => set('name')(e.target.value)} />}
        </FormField>
        <FormField name="password" label="Password" required error={problems.fields.password}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => set('password')(e.target.value)}
            />
          )}
        </FormField>
        <FormField
          name="email"
          label="Email"
          error={problems.fields.email}
          hint="Where a password-reset link is sent; without one, a forgotten password needs an administrator."
        >
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              value={values.email}
              onChange={(e) => set('email')(e.target.value)}
            />
          )}
        </FormField>
        <FormField name="role" label="Role" error={problems.fields.role}>
          {(control) => <RoleSelect value={values.role} onChange={set('role')} control={control} />}
        </FormField>
      </div>
      <FormError message={problems.form} />
      <button type="submit" className="button-primary">
        Create User
      </button>
    </form>
  );
}

/** Users: create them with a role, and enable or disable anyone but yourself. */
export function UsersPage() {
  const users = useLoaderData<typeof usersLoader>();
  const revalidator = useRevalidator();
  const flash = useFlash();
  const me = getSession()?.user.id;

  async function setEnabled(user: AdminUser, enabled: boolean) {
    const result = await adminRequest(`/api/users/${user.id}`, { method: 'POST', body: { enabled } });
    if (!result.ok) return flash.show('error', refusalMessage(result));
    flash.show('success', USER_UPDATED_MESSAGE);
    await revalidator.revalidate();
  }

  return (
    <section>
      <h1>Users</h1>
      <AdminTable columns={['Username', 'Name', 'Role', 'Enabled']}>
        {users.map((user) => (
          <tr key={user.id}>
            <td>{user.username}</td>
            <td>{user.name}</td>
            <td>{USER_ROLE_LABELS[user.role]}</td>
            <td>
              <StatusSwitch
                label={`${user.username} enabled`}
                on={user.enabled}
                disabled={user.id === me}
                onChange={(on) => setEnabled(user, on)}
              />
            </td>
            <td>
              <Link to={`/admin/account/${user.id}`}>Edit</Link>
            </td>
          </tr>
        ))}
      </AdminTable>
      <NewUserForm onCreated={() => revalidator.revalidate()} />
    </section>
  );
}
