import { z } from './zod-config.js';
import { MAX_RECORD_ID } from '../constants.js';

const ID_MESSAGE = 'id must be a positive number';
const TOO_LARGE_MESSAGE = `id must be at most ${MAX_RECORD_ID}`;

/** What a refused id is told: not a positive whole number (`invalid`), or past the largest id (`tooLarge`). */
interface IdMessages {
  invalid?: string;
  tooLarge?: string;
}

/**
 * The id of a record wherever JSON carries one (a body, a list of ids, a record in a list): a whole number from
 * 1 to MAX_RECORD_ID. A larger one names no record, and PostgreSQL refuses to compare an id column with it.
 */
export const recordId = ({ invalid = ID_MESSAGE, tooLarge = TOO_LARGE_MESSAGE }: IdMessages = {}) =>
  z
    .number({ error: invalid })
    .int({ error: invalid })
    .min(1, { error: invalid })
    .max(MAX_RECORD_ID, { error: tooLarge });

/** An id written as text (an address, a form field, a list of records): digits only (not '1e3' or ' 7'), then recordId. */
export const recordIdText = (messages: IdMessages = {}) => {
  const invalid = { error: messages.invalid ?? ID_MESSAGE };
  return z.string(invalid).regex(/^\d+$/, invalid).transform(Number).pipe(recordId(messages));
};

/** `{id}` in an address. */
export const recordIdParams = z.object({ id: recordIdText() });

/** The body of an action that takes something off the site or rewrites many records: its explicit confirmation. */
export const CONFIRMED = z.object({
  confirm: z.literal(true, { message: 'confirm must be true: this action changes what readers see' }),
});
