import { z } from './zod-config.js';

/** A repeated query parameter arrives as an array; the first value counts. */
const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/**
 * GET /api/search?keyword=&page= : any keyword is accepted (the search box has no rule in specification: Validation
 * rules).
 */
export const searchQuerySchema = z.object({
  keyword: z.preprocess(first, z.string().catch('')).default(''),
  page: z.preprocess(first, z.coerce.number().int().min(1).catch(1)).default(1),
});
