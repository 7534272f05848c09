import { LOGIN_STORAGE_KEY } from '../../common/constants.js';
import type { LoginResult } from '../../common/schemas/auth.js';

/** The login object ({token, user}) kept in localStorage under acadpubjwt (specification: States and transitions). */
export function getSession(): LoginResult | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const value = JSON.parse(localStorage.getItem(LOGIN_STORAGE_KEY) ?? 'null') as LoginResult | null;
    return value?.token && value.user ? value : null;
  } catch {
    return null;
  }
}

export function setSession(session: LoginResult): void {
  localStorage.setItem(LOGIN_STORAGE_KEY, JSON.stringify(session));
}

export function clearSession(): void {
  localStorage.removeItem(LOGIN_STORAGE_KEY);
}
