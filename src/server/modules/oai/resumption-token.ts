import { z } from 'zod';
import { MAX_RECORD_ID } from '../../../common/constants.js';
import { isDatestampBound, OaiError } from './oai-arguments.js';
import { setSpec, volumeOf } from './oai-records.js';

/** Records in one page of ListRecords and ListIdentifiers. */
export const OAI_PAGE_SIZE = 100;
/** How long a token is honoured; a harvester past it starts the list again. */
const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * A token is read back from the harvester, so each of its fields passes what the request argument it stands for
 * would have to (a volume a set spec can name, bounds of real dates) and fits the column it is compared with:
 * anything else is a badResumptionToken, never a query.
 */
const bound = (end: 'from' | 'until') =>
  z
    .string()
    .refine((value) => isDatestampBound(value, end))
    .nullable();
/** An article's last change as it is stored: an ISO time of a real date. */
const isStoredTime = (value: string) => !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value;

/** A volume a set spec can name. */
export const volumeField = z.number().refine((volume) => volumeOf(setSpec(volume)) === volume);

/**
 * Where a list goes on: the query (verb, set, from/until bounds) and the position after the last record sent,
 * in the list's order (last change, then id), with the number of records sent so far. The list is read
 * afresh from that position on every page, so an article added or changed during a harvest comes later in
 * the same harvest, and nothing is skipped or sent twice that did not change. A repository adds its own set.
 */
export const LIST_POSITION_FIELDS = {
  verb: z.enum(['ListIdentifiers', 'ListRecords']),
  from: bound('from'),
  until: bound('until'),
  // An article's id, or a tombstone's negated (oai.repository.ts).
  after: z.tuple([
    z.string().refine(isStoredTime),
    z
      .number()
      .int()
      .min(-MAX_RECORD_ID)
      .max(MAX_RECORD_ID)
      .refine((id) => id !== 0),
  ]),
  // Records sent so far: never more than there are ids.
  cursor: z.number().int().min(1).max(MAX_RECORD_ID),
  expires: z.number().int(),
};

/** The bounds of a position are in order, as the request's had to be. */
export const boundsInOrder = ({ from, until }: { from: string | null; until: string | null }) =>
  from === null || until === null || from <= until;

/** The position in a journal's list: its set is a volume. */
const listPosition = z
  .object({ ...LIST_POSITION_FIELDS, set: volumeField.nullable() })
  .strict()
  .refine(boundsInOrder);

export type ListPosition = z.infer<typeof listPosition>;

type Position = { verb: string; expires: number };

/** The tokens of one kind of position: the position itself, as base64url JSON, so nothing is kept between pages. */
export function positionTokens<P extends Position>(schema: z.ZodType<P>) {
  const badToken = (message: string) => new OaiError('badResumptionToken', message);
  return {
    write(position: Omit<P, 'expires'>, now: Date): { token: string; expires: Date } {
      const expires = new Date(now.getTime() + TOKEN_LIFETIME_MS);
      const json = JSON.stringify({ ...position, expires: Math.floor(expires.getTime() / 1000) });
      return { token: Buffer.from(json).toString('base64url'), expires };
    },

    /** The position a token names, when it was issued for this verb and is still honoured. */
    read(token: string, verb: string, now: Date): P {
      let decoded: unknown;
      try {
        decoded = /^[A-Za-z0-9_-]{1,1000}$/.test(token)
          ? JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
          : undefined;
      } catch {
        decoded = undefined;
      }
      const parsed = schema.safeParse(decoded);
      if (!parsed.success) throw badToken('The resumption token is not one this repository issued');
      if (parsed.data.verb !== verb) throw badToken(`The resumption token continues ${parsed.data.verb}, not ${verb}`);
      if (parsed.data.expires * 1000 < now.getTime())
        throw badToken('The resumption token has expired; start the list again');
      return parsed.data;
    },
  };
}

const journalTokens = positionTokens(listPosition);
export const writeToken = journalTokens.write;
export const readToken = journalTokens.read;
