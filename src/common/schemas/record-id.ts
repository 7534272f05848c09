import { z } from 'zod';

/** The largest value an id column holds (PostgreSQL's 4-byte integer); larger ids name no record. */
export const MAX_RECORD_ID = 2_147_483_647;

/** `{id}` in an address: a positive whole number an id column can hold. */
export const recordIdParams = z.object({
  id: z.coerce
    .number({ message: 'id must be a positive number' })
    .int('id must be a positive number')
    .positive('id must be a positive number')
    .max(MAX_RECORD_ID, `id must be at most ${MAX_RECORD_ID}`),
});
