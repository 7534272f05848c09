import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { GENERIC_ERROR_MESSAGE, LOGIN_ERROR_MESSAGES, type LoginResult } from '../../../common/schemas/auth.js';
import { getSession, setSession } from '../../lib/session.js';
import '../../styles/admin.css';
import { FormError } from '../../features/admin-shell/form-error.js';

/** POST /auth/login/ answers {token, user} or an error code; a 401 here is a refusal, not an expired session. */
async function signIn(username: string, password: string): Promise<{ session: LoginResult } | { message: string }> {
  try {
    const response = await fetch('/auth/login/', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body = (await response.json().catch(() => null)) as (LoginResult & { error?: string }) | null;
    if (response.ok && body?.token) return { session: body };
    return { message: LOGIN_ERROR_MESSAGES[body?.error ?? ''] ?? GENERIC_ERROR_MESSAGE };
  } catch (error) {
    console.error(error);
    return { message: GENERIC_ERROR_MESSAGE };
  }
}

export function AdminLoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (getSession()) return <Navigate to="/admin" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await signIn(username, password);
    setBusy(false);
    if ('message' in result) return setError(result.message);
    setSession(result.session);
    navigate('/admin', { replace: true });
  }

  return (
    <main className="admin-login">
      <form className="admin-card admin-login-form" onSubmit={submit}>
        <h1>Admin sign in</h1>
        <label>
          Username
          <input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} required />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        <FormError message={error} />
        <button type="submit" className="button-primary" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
