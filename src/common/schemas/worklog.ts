import { z } from './zod-config.js';
import {
  WORKLOG_MAX_CONTENT_LENGTH,
  WORKLOG_NEW_STATUSES,
  WORKLOG_STATUSES,
  type WorklogStatus,
} from '../constants.js';

/** How the work-log screens name each status (filter buttons, row select, add form). */
export const WORKLOG_STATUS_LABELS: Record<WorklogStatus, string> = {
  pending: 'Pending',
  working: 'Working',
  completed: 'Completed',
  info: 'Information',
  'last-work': 'Last-work',
  journal: 'Journal',
  urgent: 'Urgent',
  cancelled: 'Cancelled',
};

/** The question asked before a row's status changes (specification: States and transitions). */
export const WORKLOG_CHANGE_CONFIRMATION = 'Do you really want to Change.';
export const WORKLOG_EMPTY_CONTENT_MESSAGE = 'Content must not be empty';

const status = z.enum(WORKLOG_STATUSES, { error: `Status must be one of: ${WORKLOG_STATUSES.join(', ')}` });

/** GET /api/webdata query: optional status filter, search text and 1-based page. */
export const worklogQuerySchema = z.object({
  status: status.optional(),
  search: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be 1 or more').max(1_000_000).default(1),
});
export type WorklogQuery = z.infer<typeof worklogQuerySchema>;

/** PUT /api/webdata/{id} body: any of the eight statuses. */
export const worklogStatusSchema = z.object({ status });

/** POST /api/webdata body and the add form. createdby and created_at come from the token and the clock. */
export const newWorklogEntrySchema = z.object({
  status: z.enum(WORKLOG_NEW_STATUSES, { error: 'Select a type: Information or Urgent' }),
  content: z
    .string({ error: WORKLOG_EMPTY_CONTENT_MESSAGE })
    .trim()
    .min(1, WORKLOG_EMPTY_CONTENT_MESSAGE)
    .max(
      WORKLOG_MAX_CONTENT_LENGTH,
      `Content must be at most ${WORKLOG_MAX_CONTENT_LENGTH.toLocaleString('en-US')} characters`,
    ),
});
export type NewWorklogEntry = z.infer<typeof newWorklogEntrySchema>;

/** One work-log entry as the API answers it; content is sanitised HTML. */
export const worklogEntrySchema = z.object({
  id: z.number().int(),
  content: z.string(),
  status,
  createdby: z.string(),
  created_at: z.string(),
});
export type WorklogEntry = z.infer<typeof worklogEntrySchema>;

/** GET /api/webdata answer: one page of entries, newest first, and the count of all that match. */
export const worklogPageSchema = z.object({
  entries: z.array(worklogEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WorklogPage = z.infer<typeof worklogPageSchema>;
