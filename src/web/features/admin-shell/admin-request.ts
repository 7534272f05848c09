import { data, redirect } from 'react-router';
import {
  apiDownload,
  apiRequest,
  type ApiFailure,
  type ApiRequestOptions,
  type ApiResult,
  type Download,
  type DownloadOptions,
} from '../../lib/api-client.js';
import { clearSession, getSession } from '../../lib/session.js';
import { keepFormsForSignIn, requireSession } from '../../lib/session-guard.js';

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';
export const ADMIN_LOGIN_PATH = '/admin/login';

let expiring = false;

/**
 * Any 401 clears the session, alerts once and goes to the sign-in page (a full load resets all state); the open
 * forms and the screen are kept for after the sign-in (specification: States and transitions).
 */
function expireSession(): void {
  if (expiring) return;
  expiring = true;
  keepFormsForSignIn();
  clearSession();
  window.alert(SESSION_EXPIRED_MESSAGE);
  window.location.assign(ADMIN_LOGIN_PATH);
}

/** An authorised admin call; a 401 ends the session. */
export const adminRequest = <T>(url: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> =>
  apiRequest<T>(url, { ...options, onUnauthorized: expireSession });

/** An admin export streamed with its progress; a 401 ends the session. */
export const adminDownload = (url: string, options: DownloadOptions): Promise<ApiResult<Download>> =>
  apiDownload(url, { ...options, onUnauthorized: expireSession });

/** A failed load: a 401 has ended the session, a 404 goes to /admin/not-found, anything else to the error screen. */
function loadFailure(failure: ApiFailure): Promise<never> {
  if (failure.status === 401) {
    expireSession();
    // The page is being left for the sign-in page; nothing more to show.
    return new Promise<never>(() => undefined);
  }
  if (failure.status === 404) throw redirect('/admin/not-found');
  throw data(failure.message, { status: failure.status, statusText: failure.message });
}

/** Without a login the area goes quietly to the sign-in page: there is no session to call expired. */
const ADMIN_SESSION_RULES = {
  signedOut: () => {
    throw redirect(ADMIN_LOGIN_PATH);
  },
  refused: loadFailure,
};

/** The admin area's user: the stored login checked with the server when the area is entered. */
export const requireAdminSession = () => requireSession(ADMIN_SESSION_RULES);

/** For route loaders: the data, or what loadFailure makes of a failure. Page loaders run beside the shell's. */
export async function adminLoad<T>(url: string): Promise<T> {
  if (!getSession()) return ADMIN_SESSION_RULES.signedOut();
  const result = await adminRequest<T>(url);
  return result.ok ? result.data : loadFailure(result);
}
