import { z } from 'zod';

/** The largest value an id column holds (PostgreSQL's 4-byte integer); larger ids name no record. */
const MAX_RECORD_ID = 2_147_483_647;

const ID_MESSAGE = 'id must be a positive number';

/** `{id}` in an address: digits only (not '1e3' or ' 7') naming a positive whole number an id column can hold. */
export const recordIdParams = z.object({
  id: z
    .string({ message: ID_MESSAGE })
    .regex(/^\d+$/, ID_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, ID_MESSAGE).max(MAX_RECORD_ID, `id must be at most ${MAX_RECORD_ID}`)),
});
