import { useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import { PASSWORD_MISMATCH_MESSAGE, USER_UPDATED_MESSAGE, userUpdateSchema, type AdminUser } from '../../../common/schemas/user.js';
import { adminLoad, adminRequest, firstProblem } from '../../features/admin-shell/admin-request.js';
import { useFlash } from '../../features/admin-shell/flash.js';
import { getSession, setSession } from '../../lib/session.js';

export const accountLoader = ({ params }: LoaderFunctionArgs) => adminLoad<AdminUser>(`/api/users/${params.id}`);

/** Name and password of an admin user; an empty password keeps the old one. */
export function AccountPage() {
  const user = useLoaderData() as AdminUser;
  const flash = useFlash();
  const [name, setName] = useState(user.name);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== again) return flash.show('error', PASSWORD_MISMATCH_MESSAGE);
    const parsed = userUpdateSchema.safeParse({ name, password });
    if (!parsed.success) return flash.show('error', firstProblem(parsed.error));
    const result = await adminRequest<AdminUser>(`/api/users/${user.id}`, { method: 'POST', body: parsed.data });
    if (!result.ok) return flash.show('error', result.status === 400 ? result.message : GENERIC_ERROR_MESSAGE);
    const session = getSession();
    if (session?.user.id === user.id) setSession({ ...session, user: { ...session.user, name: result.data.name } });
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
          New password
          <input name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <small className="hint">Leave empty to keep the current password.</small>
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
