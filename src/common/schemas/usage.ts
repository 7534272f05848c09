import { z } from './zod-config.js';

const refnumber = z.string().trim().min(1, 'ref is required').max(100, 'ref must be at most 100 characters');

/** What an article page sends once it has loaded (decision 101): its abstract was viewed. */
export const viewBeaconSchema = z.object({ ref: refnumber });
/** What the search page sends for a search (its first page). */
export const searchBeaconSchema = z.object({
  query: z.string().trim().min(1, 'query is required').max(500, 'query must be at most 500 characters'),
});
export type ViewBeacon = z.infer<typeof viewBeaconSchema>;
export type SearchBeacon = z.infer<typeof searchBeaconSchema>;

export const articleFiguresSchema = z.object({ views: z.number().int(), downloads: z.number().int() });
export type ArticleFigures = z.infer<typeof articleFiguresSchema>;

export const figuresQuerySchema = z.object({ ref: refnumber });

export const usageBeaconAnswerSchema = z.object({
  /** False for a robot or a repeat within 30 seconds. */
  counted: z.boolean(),
  /** The article's views and downloads when the journal shows them on article pages, else null. */
  figures: articleFiguresSchema.nullable(),
});
export type UsageBeaconAnswer = z.infer<typeof usageBeaconAnswerSchema>;
