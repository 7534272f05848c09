import { z } from './zod-config.js';
import { MAX_EXPORT_SELECTION } from '../constants.js';
import { recordId, recordIdText } from './record-id.js';

const ID_MESSAGE = 'each selected record needs a numeric id';

/** An id as a number or as digits (a record read from a table keeps its id as text). */
const selectedId = z.union([recordId({ invalid: ID_MESSAGE }), recordIdText({ invalid: ID_MESSAGE })], {
  error: ID_MESSAGE,
});

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
      .array(selectedId, { error: 'Send a JSON list of the selected records, or {"ids": [...]}.' })
      .min(1, 'Select at least one record.')
      .max(MAX_EXPORT_SELECTION, `Select at most ${MAX_EXPORT_SELECTION} records at a time.`),
  )
  .transform((ids) => [...new Set(ids)]);
