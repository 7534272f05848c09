import type { SessionUser } from '../../common/schemas/auth.js';
import { apiRequest, type ApiFailure } from './api-client.js';
import { getSession } from './session.js';

/** What the check of the stored login found. */
export type SessionCheck = { kind: 'signed-out' } | { kind: 'signed-in'; user: SessionUser } | { kind: 'refused'; failure: ApiFailure };

let checking: { token: string; check: Promise<SessionCheck> } | null = null;

async function verify(token: string): Promise<SessionCheck> {
  const result = await apiRequest<{ user: SessionUser }>('/auth/verify-token/');
  if (result.ok) return { kind: 'signed-in', user: result.data.user };
  // A refusal is not remembered: the next entry into an area asks again.
  if (checking?.token === token) checking = null;
  return { kind: 'refused', failure: result };
}

/**
 * The stored login (specification: States and transitions), checked with the server once per token and page load: the
 * loaders that run side by side when an area is entered share one check.
 */
export function checkSession(): Promise<SessionCheck> {
  const session = getSession();
  if (!session) return Promise.resolve({ kind: 'signed-out' });
  if (checking?.token !== session.token) checking = { token: session.token, check: verify(session.token) };
  return checking.check;
}

/** Where an area sends a visitor it cannot serve: each throws a redirect (or never settles). */
export interface SessionRules {
  signedOut: () => never;
  refused: (failure: ApiFailure) => Promise<never>;
}

/** The guard of both signed-in areas: the checked user, or the area's rule for a missing or refused login. */
export async function requireSession(rules: SessionRules): Promise<SessionUser> {
  const check = await checkSession();
  if (check.kind === 'signed-out') return rules.signedOut();
  if (check.kind === 'refused') return rules.refused(check.failure);
  return check.user;
}
