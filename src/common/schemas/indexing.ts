import { z } from './zod-config.js';
import { EDITOR_STATUSES } from '../constants.js';
import { recordId } from './record-id.js';
import { webAddress } from './web-address.js';

/** An indexing service the journal is listed in, as GET /api/indexing/ answers it. */
export const indexingEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  link: z.string(),
  image: z.string(),
  sortnumber: z.number().int(),
  status: z.string(),
});
export type IndexingEntry = z.infer<typeof indexingEntrySchema>;

export const INDEXING_STATUSES = EDITOR_STATUSES;
export const INDEXING_CREATED_MESSAGE = 'Indexing entry created successfully';
export const INDEXING_UPDATED_MESSAGE = 'Indexing entry updated successfully';
export const INDEXING_DELETED_MESSAGE = 'Indexing entry deleted';
export const INDEXING_ORDER_MESSAGE = 'Order saved';
export const LOGO_REQUIRED_MESSAGE = 'A logo is required';

/** Fields of POST /api/admin/indexing and POST /api/admin/indexing/{id} (multipart, with a logo as imgFile). */
export const indexingInputSchema = z.object({
  title: z
    .string({ message: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  link: webAddress('Link must be a web address').default(''),
  status: z.enum(INDEXING_STATUSES, { message: 'Status must be enabled or disabled' }).default('enabled'),
});
export type IndexingInput = z.infer<typeof indexingInputSchema>;

/** POST /api/admin/indexing/{id} with only a status: the switch of the list. */
export const indexingStatusSchema = indexingInputSchema.pick({ status: true }).required();

/** PUT /api/admin/indexing/order: every entry's id, in the order the public lists show them. */
export const indexingOrderSchema = z.object({
  ids: z
    .array(recordId(), { message: 'ids must be a list of indexing entry ids' })
    .min(1, 'ids must list every indexing entry once')
    .max(1000, 'At most 1000 entries'),
});
