import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { getSession, setSession } from '../../lib/session.js';
import { returnAfterSignIn } from '../../lib/session-guard.js';
import { signIn } from '../../lib/sign-in.js';
import { FormError } from '../../features/admin-shell/form-error.js';
import { ForgotPasswordLink } from '../../components/forgot-password-link.js';
import '../../styles/admin.css';

export function AdminLoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // Decided when the page opens: after a sign-in here the page goes where the sign-in sends it.
  const [signedInAlready] = useState(() => getSession() !== null);
  if (signedInAlready) return <Navigate to="/admin" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await signIn({ username, password });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setSession(result.session);
    navigate(returnAfterSignIn('/admin', '/admin'), { replace: true });
  }

  return (
    <main className="admin-login">
      <form className="admin-card admin-login-form" onSubmit={submit}>
        <h1>Admin sign in</h1>
        <label>
          Username
          <input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
          />
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
        <ForgotPasswordLink from="admin" />
      </form>
    </main>
  );
}
