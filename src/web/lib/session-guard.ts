import type { SessionUser } from '../../common/schemas/auth.js';
import { apiRequest, type ApiFailure } from './api-client.js';
import { getSession } from './session.js';

/** What the check of the stored login found. */
export type SessionCheck =
  { kind: 'signed-out' } | { kind: 'signed-in'; user: SessionUser } | { kind: 'refused'; failure: ApiFailure };

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

/**
 * What forms hold when a session expires (issue 18): each open form registers a reader of its content; an
 * area's 401 rule keeps them all in sessionStorage with the screen's address before it leaves for its
 * sign-in page, and the sign-in returns there, where each form takes its content back. Forms with a
 * password never register, so no password is written down; chosen files cannot be kept and are chosen again.
 */
const KEPT_KEY = 'journal-kept-forms';
const openForms = new Map<string, () => unknown>();

interface KeptForms {
  returnTo: string;
  forms: Record<string, unknown>;
}

/** Registers the content of an open form under `key`; the returned function unregisters it. */
export function registerOpenForm(key: string, read: () => unknown): () => void {
  openForms.set(key, read);
  return () => {
    if (openForms.get(key) === read) openForms.delete(key);
  };
}

/** Run by an area's 401 rule: keeps the screen's address and every open form's content for after the sign-in. */
export function keepFormsForSignIn(): void {
  const kept: KeptForms = {
    returnTo: window.location.pathname + window.location.search,
    forms: Object.fromEntries([...openForms].map(([key, read]) => [key, read()])),
  };
  try {
    sessionStorage.setItem(KEPT_KEY, JSON.stringify(kept));
  } catch (error) {
    console.error(error); // storage full or refused: the sign-in still goes ahead
  }
}

function readKept(): KeptForms | null {
  try {
    return JSON.parse(sessionStorage.getItem(KEPT_KEY) ?? 'null') as KeptForms | null;
  } catch {
    return null;
  }
}

/** After signing in: the screen left when the session expired (once), if it belongs to the area (`prefix`), else `fallback`. */
export function returnAfterSignIn(prefix: string, fallback: string): string {
  const kept = readKept();
  if (!kept?.returnTo) return fallback;
  sessionStorage.setItem(KEPT_KEY, JSON.stringify({ ...kept, returnTo: '' }));
  const { returnTo } = kept;
  return returnTo.startsWith(`${prefix}/`) && !returnTo.startsWith(`${prefix}/login`) ? returnTo : fallback;
}

/** Content just handed out: React may run a state initialiser twice in one render (StrictMode in development). */
const justTaken = new Map<string, unknown>();

/** The kept content of form `key`, handed out once (to both runs of one render). */
export function takeKeptForm<T>(key: string): T | undefined {
  if (justTaken.has(key)) return justTaken.get(key) as T;
  const kept = readKept();
  if (!kept || !(key in kept.forms)) return undefined;
  const { [key]: content, ...others } = kept.forms;
  sessionStorage.setItem(KEPT_KEY, JSON.stringify({ ...kept, forms: others }));
  justTaken.set(key, content);
  queueMicrotask(() => justTaken.delete(key));
  return content as T;
}
