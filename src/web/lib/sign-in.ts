import {
  GENERIC_ERROR_MESSAGE,
  LOGIN_ERROR_MESSAGES,
  type LoginInput,
  type LoginResult,
} from '../../common/schemas/auth.js';
import { apiRequest } from './api-client.js';

export type SignInResult = { ok: true; session: LoginResult } | { ok: false; message: string };

/**
 * POST /auth/login/ (specification: Calls made). A refusal becomes the sign-in message (specification: Error
 * catalogue); unlike other calls, a 401 here is a wrong password, not an expired session, so no area's 401 rule
 * applies.
 */
export async function signIn(input: LoginInput): Promise<SignInResult> {
  const result = await apiRequest<LoginResult>('/auth/login/', { method: 'POST', body: input, withToken: false });
  if (result.ok && result.data?.token) return { ok: true, session: result.data };
  return { ok: false, message: (result.ok ? undefined : LOGIN_ERROR_MESSAGES[result.error]) ?? GENERIC_ERROR_MESSAGE };
}
