import { Link } from 'react-router';
import { useEmailEnabled } from '../lib/email-features.js';

export type SignInPage = 'admin' | 'webdata';

/** "Forgot password?" under a sign-in form, when the server can send email. */
export function ForgotPasswordLink({ from }: { from: SignInPage }) {
  if (!useEmailEnabled()) return null;
  return (
    <Link className="forgot-password-link" to={`/admin/forgot-password?from=${from}`}>
      Forgot password?
    </Link>
  );
}
