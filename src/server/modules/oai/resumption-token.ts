import { z } from 'zod';
import { OaiError } from './oai-arguments.js';

/** Records in one page of ListRecords and ListIdentifiers. */
export const OAI_PAGE_SIZE = 100;
/** How long a token is honoured; a harvester past it starts the list again. */
const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Where a list goes on: the query (verb, set, from/until bounds) and the position after the last record sent,
 * in the list's order (last change, then id), with the number of records sent so far. The list is read
 * afresh from that position on every page, so an article added or changed during a harvest comes later in
 * the same harvest, and nothing is skipped or sent twice that did not change.
 */
const listPosition = z
  .object({
    verb: z.enum(['ListIdentifiers', 'ListRecords']),
    set: z.number().int().nonnegative().nullable(),
    from: z.string().max(30).nullable(),
    until: z.string().max(30).nullable(),
    after: z.tuple([z.string().max(30), z.number().int().positive()]),
    cursor: z.number().int().positive(),
    expires: z.number().int(),
  })
  .strict();

export type ListPosition = z.infer<typeof listPosition>;

/** The token is the position itself, as base64url JSON: nothing is kept on the server between pages. */
export function writeToken(position: Omit<ListPosition, 'expires'>, now: Date): { token: string; expires: Date } {
  const expires = new Date(now.getTime() + TOKEN_LIFETIME_MS);
  const token = Buffer.from(JSON.stringify({ ...position, expires: Math.floor(expires.getTime() / 1000) })).toString(
    'base64url',
  );
  return { token, expires };
}

const badToken = (message: string) => new OaiError('badResumptionToken', message);

/** The position a token names, when it was issued for this verb and is still honoured. */
export function readToken(token: string, verb: string, now: Date): ListPosition {
  let decoded: unknown;
  try {
    decoded = /^[A-Za-z0-9_-]{1,1000}$/.test(token)
      ? JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
      : undefined;
  } catch {
    decoded = undefined;
  }
  const parsed = listPosition.safeParse(decoded);
  if (!parsed.success) throw badToken('The resumption token is not one this repository issued');
  if (parsed.data.verb !== verb) throw badToken(`The resumption token continues ${parsed.data.verb}, not ${verb}`);
  if (parsed.data.expires * 1000 < now.getTime())
    throw badToken('The resumption token has expired; start the list again');
  return parsed.data;
}
