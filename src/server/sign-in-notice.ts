import type { Config } from './config.js';

/** The first administrator, when this start created the account; the password only when it was generated. */
export interface CreatedAdmin {
  username: string;
  generatedPassword: string | null;
}

/** A host the server listens on for every address is reached on this machine as localhost. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::']);

/** Where staff sign in: on SITE_URL when it is set, else where the server listens. */
export function signInAddress(config: Pick<Config, 'SITE_URL' | 'HOST' | 'PORT'>): string {
  if (config.SITE_URL) return `${config.SITE_URL}/admin/login`;
  const host = WILDCARD_HOSTS.has(config.HOST) ? 'localhost' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}/admin/login`;
}

/**
 * The last lines of a start, in plain words for the person who ran it rather than in the JSON of the log: the first
 * administrator's generated password when this start made one, then where to sign in.
 */
export function signInLines(
  config: Pick<Config, 'SITE_URL' | 'HOST' | 'PORT'>,
  created: CreatedAdmin | null,
): string[] {
  const account = created?.generatedPassword
    ? [
        '',
        'The first admin account was created:',
        `  user name: ${created.username}`,
        `  password: ${created.generatedPassword}`,
        'This password is shown only now: sign in and change it under your name in the admin area.',
      ]
    : [];
  return [...account, `Sign in at ${signInAddress(config)}`];
}

/** Prints the last lines of a start with `write` (standard output unless told). */
export function printSignIn(
  config: Pick<Config, 'SITE_URL' | 'HOST' | 'PORT'>,
  created: CreatedAdmin | null,
  write: (text: string) => void = (text) => process.stdout.write(text),
): void {
  write(`${signInLines(config, created).join('\n')}\n`);
}
