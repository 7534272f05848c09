import {
  GENERIC_ERROR_MESSAGE,
  LOGIN_ERROR_MESSAGES,
  type LoginInput,
  type LoginResult,
} from '../../common/schemas/auth.js';

export type SignInResult = { ok: true; session: LoginResult } | { ok: false; message: string };

/**
 * POST /auth/login/ (spec §7). A refusal becomes the sign-in message of spec §8; unlike other calls,
 * a 401 here is a wrong password, not an expired session, so this does not go through apiRequest.
 */
export async function signIn(input: LoginInput): Promise<SignInResult> {
  try {
    const response = await fetch('/auth/login/', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input),
    });
    const payload = (await response.json().catch(() => null)) as (LoginResult & { error?: string }) | null;
    if (response.ok && payload?.token) return { ok: true, session: payload };
    return { ok: false, message: LOGIN_ERROR_MESSAGES[payload?.error ?? ''] ?? GENERIC_ERROR_MESSAGE };
  } catch (error) {
    console.error(error);
    return { ok: false, message: GENERIC_ERROR_MESSAGE };
  }
}
