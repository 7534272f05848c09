import { z } from 'zod';
import { MAX_EXPORT_SELECTION } from '../constants.js';

const ID_MESSAGE = 'each selected record needs a numeric id';

const recordId = z.union(
  [
    z.number({ error: ID_MESSAGE }).int({ error: ID_MESSAGE }).positive({ error: ID_MESSAGE }),
    z
      .string({ error: ID_MESSAGE })
      .regex(/^\d{1,12}$/, { error: ID_MESSAGE })
      .transform(Number),
  ],
  { error: ID_MESSAGE },
);

/** A selected record reduced to its id; a bare id is accepted too. */
const idOf = (record: unknown) =>
  record !== null && typeof record === 'object' ? (record as { id?: unknown }).id : record;

/**
 * The body of the export calls (specification: Calls made): the list of selected records, or {ids: [...]}. Only the ids
 * are kept, so whatever else a client sends never reaches a document; the server loads the records.
 */
export const exportSelectionSchema = z
  .preprocess(
    (body) => (Array.isArray(body) ? body.map(idOf) : (body as { ids?: unknown } | null)?.ids),
    z
      .array(recordId, { error: 'Send a JSON list of the selected records, or {"ids": [...]}.' })
      .min(1, 'Select at least one record.')
      .max(MAX_EXPORT_SELECTION, `Select at most ${MAX_EXPORT_SELECTION} records at a time.`),
  )
  .transform((ids) => [...new Set(ids)]);
