import { replace } from 'react-router';
import type { SessionUser } from '../../../common/schemas/auth.js';
import { clearSession, getSession } from '../../lib/session.js';
import { verifyLogin } from './worklog-api.js';

let checked: { token: string; user: Promise<SessionUser | null> } | null = null;

async function verify(): Promise<SessionUser | null> {
  const result = await verifyLogin();
  if (result.ok) return result.data.user;
  console.error(result.message);
  return null;
}

/** The stored login's user, checked with the server once per token and page load; null when there is none or it was refused. */
export function verifiedUser(): Promise<SessionUser | null> {
  const session = getSession();
  if (!session) return Promise.resolve(null);
  if (checked?.token !== session.token) checked = { token: session.token, user: verify() };
  return checked.user;
}

/**
 * For the loaders of the area's pages (spec §2.4): nobody signed in goes to the sign-in; a refused login
 * is cleared and goes to the root. Only the page loaders redirect, never the shell's loader that runs
 * beside them, so the two cannot send the visitor to different places.
 */
export async function requireLogin(): Promise<SessionUser> {
  if (!getSession()) throw replace('/webdata/login');
  const user = await verifiedUser();
  if (!user) {
    clearSession();
    throw replace('/');
  }
  return user;
}

/** A call refused for the login mid-session: sign in again. */
export function loginLost(): string {
  clearSession();
  return '/webdata/login';
}
