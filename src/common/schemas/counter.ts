import { singleLine } from './single-line.js';
import { z } from './zod-config.js';

/** Who may harvest the journal's COUNTER reports (decision 101): the admin calls under /api/admin/counter-keys. */

export const COUNTER_KEY_CREATED_MESSAGE = 'COUNTER API key created: copy it now, it is not shown again';
export const COUNTER_KEY_DELETED_MESSAGE = 'COUNTER API key deleted';
export const DUPLICATE_CUSTOMER_MESSAGE = 'customer_id: This customer id already has a key; delete that key first';

/** Customer and requestor ids travel in query strings and report headers, so they keep to a plain alphabet. */
const ID_FORM = /^[A-Za-z0-9._:-]{1,64}$/;
const ID_RULE = 'must be 1-64 letters, digits or . _ : -';

/** POST /api/admin/counter-keys: the customer the key is for, and its requestor id when harvesters must send one. */
export const counterKeyInputSchema = z.object({
  customer_id: z.string({ error: 'Customer id is required' }).trim().regex(ID_FORM, `Customer id ${ID_RULE}`),
  requestor_id: z
    .string({ error: 'Requestor id must be text' })
    .trim()
    .refine((value) => value === '' || ID_FORM.test(value), `Requestor id ${ID_RULE}, or empty for none`)
    .default(''),
  institution_name: singleLine('Institution name is required')
    .trim()
    .min(2, 'Institution name must be at least 2 characters')
    .max(200, 'Institution name must be at most 200 characters'),
});
export type CounterKeyInput = z.infer<typeof counterKeyInputSchema>;

/** A key as the admin sees it: never the key or its hash, only its last characters. */
export const counterKeySchema = z.object({
  id: z.number().int(),
  customer_id: z.string(),
  requestor_id: z.string(),
  institution_name: z.string(),
  key_hint: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type CounterKey = z.infer<typeof counterKeySchema>;

/** The answer to creating a key: the only time the key itself is shown. */
export const createdCounterKeySchema = counterKeySchema.extend({ api_key: z.string(), message: z.string() });
export type CreatedCounterKey = z.infer<typeof createdCounterKeySchema>;
