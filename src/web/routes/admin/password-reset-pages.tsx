import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { forgotPasswordSchema, resetPasswordSchema } from '../../../common/schemas/email.js';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import { PASSWORD_MISMATCH_MESSAGE } from '../../../common/schemas/user.js';
import { FormError } from '../../features/admin-shell/form-error.js';
import { apiRequest } from '../../lib/api-client.js';
import type { SignInPage } from '../../components/forgot-password-link.js';
import '../../styles/admin.css';

const signInPageOf = (params: URLSearchParams): SignInPage => (params.get('from') === 'webdata' ? 'webdata' : 'admin');
const signInPath = (page: SignInPage) => `/${page}/login`;

/** Refusals the server explains in words for a person: bad input, too many requests, no SITE_URL to link to. */
const EXPLAINED = new Set([400, 409, 429]);

/** A message the server answers to a form of these pages: its own words for a refusal it explains. */
async function post(url: string, body: object): Promise<{ ok: boolean; message: string }> {
  const result = await apiRequest<{ message: string }>(url, { method: 'POST', body, withToken: false });
  if (result.ok) return { ok: true, message: result.data.message };
  return { ok: false, message: EXPLAINED.has(result.status) ? result.message : GENERIC_ERROR_MESSAGE };
}

export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const from = signInPageOf(params);
  const [username, setUsername] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ username });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    const answer = await post('/auth/forgot-password', { ...parsed.data, from });
    setError(answer.ok ? '' : answer.message);
    setSent(answer.ok ? answer.message : '');
  }

  return (
    <main className="admin-login">
      <form className="admin-card admin-login-form" onSubmit={submit} noValidate>
        <h1>Forgot password</h1>
        <p className="hint">
          Give your user name: a link to set a new password goes to the email address of the account.
        </p>
        <label>
          Username
          <input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </label>
        <FormError message={error} />
        {sent && (
          <p className="flash flash-success" role="status">
            {sent}
          </p>
        )}
        <button type="submit" className="button-primary">
          Send link
        </button>
        <Link to={signInPath(from)}>Back to sign in</Link>
      </form>
    </main>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const from = signInPageOf(params);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== again) return setError(PASSWORD_MISMATCH_MESSAGE);
    const parsed = resetPasswordSchema.safeParse({ token: params.get('token') ?? '', password });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    const answer = await post('/auth/reset-password', parsed.data);
    setError(answer.ok ? '' : answer.message);
    setDone(answer.ok ? answer.message : '');
  }

  return (
    <main className="admin-login">
      <form className="admin-card admin-login-form" onSubmit={submit} noValidate>
        <h1>Set a new password</h1>
        {done ? (
          <p className="flash flash-success" role="status">
            {done}
          </p>
        ) : (
          <>
            <label>
              New password
              <input
                name="password"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
            <label>
              Re-enter password
              <input
                name="password-again"
                type="password"
                autoComplete="new-password"
                value={again}
                onChange={(e) => setAgain(e.target.value)}
              />
            </label>
            <FormError message={error} />
            <button type="submit" className="button-primary">
              Set password
            </button>
          </>
        )}
        <Link to={signInPath(from)}>Go to sign in</Link>
      </form>
    </main>
  );
}
