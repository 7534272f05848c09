import { useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import { PASSWORD_MISMATCH_MESSAGE, USER_UPDATED_MESSAGE, userUpdateSchema, type AdminUser } from '../../../common/schemas/user.js';
import { adminLoad, adminRequest, firstProblem } from '../../features/admin-shell/admin-request.js';
import { useFlash } from '../../features/admin-shell/flash.js';
import { RoleSelect } from '../../features/admin-users/role-select.js';
import { getSession, setSession } from '../../lib/session.js';

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

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== again) return flash.show('error', PASSWORD_MISMATCH_MESSAGE);
    const parsed = userUpdateSchema.safeParse({ name, email, password, role, ...(own && password ? { current_password: currentPassword } : {}) });
    if (!parsed.success) return flash.show('error', firstProblem(parsed.error));
    const result = await adminRequest<AdminUser & { token?: string }>(`/api/users/${user.id}`, { method: 'POST', body: parsed.data });
    if (!result.ok) return flash.show('error', result.status === 400 || result.status === 409 ? result.message : GENERIC_ERROR_MESSAGE);
    const session = getSession();
    // A new password of one's own ended the old session; the answer carries the new token.
    if (own && session) setSession({ token: result.data.token ?? session.token, user: { ...session.user, name: result.data.name } });
    setCurrentPassword('');
    setPassword('');
    setAgain('');
    flash.show('success', USER_UPDATED_MESSAGE);
  }

  return (
    <section>
      <h1>Account: {user.username}</h1>
      <form className="admin-card admin-form narrow-form" onSubmit={submit}>
        <label>
          Name
          <input name="name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Email
          <input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          <small className="hint">Where a &quot;Forgot password&quot; link is sent; empty: none can be.</small>
        </label>
        <label>
          Role
          <RoleSelect value={role} onChange={setRole} disabled={own} />
          {own && <small className="hint">You cannot change your own role.</small>}
        </label>
        {own && (
          <label>
            Current password
            <input
              name="current-password"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
            />
            <small className="hint">Needed only to set a new one.</small>
          </label>
        )}
        <label>
          New password
          <input name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <small className="hint">Leave empty to keep the password as it is.</small>
        </label>
        <label>
          Re-enter password
          <input name="password-again" type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} />
        </label>
        <button type="submit" className="button-primary">
          Save
        </button>
      </form>
    </section>
  );
}
