import { z } from './zod-config.js';

/** The kinds of record the activity log names (its `type` filter). */
export const ACTIVITY_OBJECT_TYPES = [
  'article',
  'issue',
  'editor',
  'settings',
  'user',
  'worklog',
  'email',
  'page',
  'indexing',
  'site_picture',
  'counter_key',
  'import',
] as const;
export type ActivityObjectType = (typeof ACTIVITY_OBJECT_TYPES)[number];

export const ACTIVITY_PAGE_SIZE = 50;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must look like 2026-03-10');

/** GET /api/admin/activity query: 1-based page, and optional filters by user name, object type and dates (UTC, inclusive). */
export const activityQuerySchema = z.object({
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be 1 or more').max(1_000_000).default(1),
  user: z.string().trim().max(100, 'User must be at most 100 characters').optional(),
  type: z.enum(ACTIVITY_OBJECT_TYPES, { error: `Type must be one of: ${ACTIVITY_OBJECT_TYPES.join(', ')}` }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  username: z.string(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.number().int().nullable(),
  summary: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** One page of the log, newest first, with the count of every entry the filters match. */
export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
