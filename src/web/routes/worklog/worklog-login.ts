import { replace } from 'react-router';
import { clearSession } from '../../lib/session.js';
import { keepFormsForSignIn, requireSession, type SessionRules } from '../../lib/session-guard.js';

const WORKLOG_LOGIN_PATH = '/webdata/login';

/**
 * Nobody signed in goes to the sign-in; a refused login is logged, cleared and goes to the root (specification:
 * Work-log area).
 */
const WORKLOG_SESSION_RULES: SessionRules = {
  signedOut: () => {
    throw replace(WORKLOG_LOGIN_PATH);
  },
  refused: async (failure) => {
    console.error(failure.message);
    clearSession();
    throw replace('/');
  },
};

/**
 * For the loaders of the area's pages. Only the page loaders redirect, never the shell's loader that
 * runs beside them, so the two cannot send the visitor to different places.
 */
export const requireLogin = () => requireSession(WORKLOG_SESSION_RULES);

/** A call refused for the login mid-session: sign in again, and come back to this screen with its forms. */
export function loginLost(): string {
  keepFormsForSignIn();
  clearSession();
  return WORKLOG_LOGIN_PATH;
}
