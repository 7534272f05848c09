import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { apiRequest, type ApiRequestOptions, type ApiResult } from '../../lib/api-request.js';
import { clearSession, getSession } from '../../lib/session.js';

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';
export const ADMIN_LOGIN_PATH = '/admin/login';

let expiring = false;

/** Spec §4: any 401 clears the session, alerts once and goes to the sign-in page (a full load resets all state). */
export function expireSession(): void {
  if (expiring) return;
  expiring = true;
  clearSession();
  window.alert(SESSION_EXPIRED_MESSAGE);
  window.location.assign(ADMIN_LOGIN_PATH);
}

/** An authorised admin call; a 401 ends the session. */
export async function adminRequest<T>(url: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const result = await apiRequest<T>(url, options);
  if (!result.ok && result.status === 401) expireSession();
  return result;
}

/**
 * For route loaders: the data, a redirect to /admin/not-found for a 404, or the error screen for
 * anything else. Page loaders run beside the shell's, so without a login they go quietly to the
 * sign-in page: there is no session to call expired.
 */
export async function adminLoad<T>(url: string): Promise<T> {
  if (!getSession()) throw redirect(ADMIN_LOGIN_PATH);
  const result = await adminRequest<T>(url);
  if (result.ok) return result.data;
  // The page is being left for the sign-in page; nothing more to show.
  if (result.status === 401) return new Promise<T>(() => undefined);
  if (result.status === 404) throw redirect('/admin/not-found');
  throw data(result.message, { status: result.status, statusText: result.message });
}

/** The first problem of a failed shared-schema check, as a sentence for the form. */
export function firstProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Please check the form.';
}
