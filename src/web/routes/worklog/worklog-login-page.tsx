import { useState, type FormEvent } from 'react';
import { replace, useNavigate } from 'react-router';
import { loginSchema } from '../../../common/schemas/auth.js';
import { getSession, setSession } from '../../lib/session.js';
import { returnAfterSignIn } from '../../lib/session-guard.js';
import { signIn } from '../../lib/sign-in.js';
import { ForgotPasswordLink } from '../../components/forgot-password-link.js';
import '../../styles/worklog.css';

/** Someone already signed in goes straight to the list; the shell checks the login there. */
export function worklogLoginLoader() {
  if (getSession()) throw replace('/webdata');
  return null;
}

export function WorklogLoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = loginSchema.safeParse({ username, password });
    if (!input.success) {
      setError(input.error.issues[0]!.message);
      return;
    }
    setBusy(true);
    const result = await signIn(input.data);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setSession(result.session);
    navigate(returnAfterSignIn('/webdata', '/webdata'), { replace: true });
  }

  return (
    <main className="worklog-login">
      <form className="worklog-card" onSubmit={submit} noValidate>
        <h1>Work-log sign in</h1>
        {error && (
          <p className="worklog-error" role="alert">
            {error}
          </p>
        )}
        <label htmlFor="worklog-username">Username</label>
        <input
          id="worklog-username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <label htmlFor="worklog-password">Password</label>
        <input
          id="worklog-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="worklog-button worklog-primary" disabled={busy}>
          Login
        </button>
        <ForgotPasswordLink from="webdata" />
      </form>
    </main>
  );
}
