import { z } from './zod-config.js';
import { ISSUE_FREQUENCIES, ISSUE_STATES } from '../constants.js';

const whole = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(9999, `${label} must be at most 9999`);

/** POST /api/admin/create-issue; the form sets the year to the current one (specification: Validation rules). */
export const issueInputSchema = z.object({
  year: whole('Year').min(1, 'Year must be 1 or more'),
  volume: whole('Volume'),
  issue: whole('Issue'),
  frequency: z.enum(ISSUE_FREQUENCIES as [string, ...string[]], { message: 'Frequency is required' }),
});
export type IssueInput = z.infer<typeof issueInputSchema>;

/**
 * POST /api/admin/create-issue: without a state the issue is published at once, as the specification's call always
 * did; the admin screen makes drafts (decision 098).
 */
export const issueCreateSchema = issueInputSchema.extend({
  state: z.enum(['draft', 'published'], { message: 'State must be draft or published' }).optional(),
});
export type IssueCreateInput = z.infer<typeof issueCreateSchema>;

const isoDate = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((value) => !Number.isNaN(Date.parse(value)), `${label} must be a real date`);

/** POST /api/admin/issues/{id}/publish: the publication date, today when absent. */
export const publishIssueSchema = z.object({ publication_date: isoDate('Publication date').optional() });

/** POST /api/admin/issues/{id}/schedule: when the issue publishes itself, an instant in the future. */
export const scheduleIssueSchema = z.object({
  publish_at: z
    .string({ message: 'Publication time is required' })
    .datetime({ offset: true, message: 'Publication time must be a date and time with its time zone' })
    .refine((value) => Date.parse(value) > Date.now(), 'Publication time must be in the future'),
});

/** An issue as the admin area reads it. */
export const issueSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  volume: z.number().int(),
  issue: z.number().int(),
  frequency: z.string(),
  creation: z.string(),
  state: z.enum(ISSUE_STATES),
  /** When a scheduled issue publishes itself (ISO instant); '' otherwise. */
  publish_at: z.string(),
  /** YYYY-MM-DD; '' before its first publication. */
  publication_date: z.string(),
});

/** One row of GET /api/admin/archives/: an issue with its article count. */
export const adminIssueSchema = issueSchema.extend({
  articles: z.number().int(),
  /** Enabled articles: the ones readers see while the issue is published. */
  enabledArticles: z.number().int(),
});
export type AdminIssue = z.infer<typeof adminIssueSchema>;

export const ISSUE_CREATED_MESSAGE = 'Issue created successfully';
export const DUPLICATE_ISSUE_MESSAGE = 'This issue already exists.';

export const ISSUE_UPDATED_MESSAGE = 'Issue updated successfully';
export const ISSUE_DELETED_MESSAGE = 'Issue deleted';
export const ISSUE_TAKEN_MESSAGE = 'Another issue already has this year, volume and issue number.';
export const issueNotEmptyMessage = (articles: number) =>
  `This issue still has ${articles} article${articles === 1 ? '' : 's'}: delete them or move them to another issue first.`;
/** {year}/{volume}/{issue} in a path, such as GET /api/admin/crossref/{year}/{volume}/{issue}. */
export const issuePathParams = z.object({
  year: z.coerce.number().int().min(1).max(9999),
  volume: z.coerce.number().int().min(1).max(9999),
  issue: z.coerce.number().int().min(1).max(9999),
});
export type IssuePath = z.infer<typeof issuePathParams>;

export const ISSUE_PUBLISHED_MESSAGE = 'Issue published';
export const ISSUE_SCHEDULED_MESSAGE = 'Issue scheduled';
export const ISSUE_UNPUBLISHED_MESSAGE = 'Issue moved back to draft';
export const ALREADY_PUBLISHED_MESSAGE = 'This issue is published already.';
export const NOT_PUBLISHED_MESSAGE = 'This issue is not published.';
export const EMPTY_ISSUE_SCHEDULE_MESSAGE =
  'This issue has no enabled article yet: add its articles before scheduling its publication.';

/** What readers lose when an issue goes back to draft, for the confirmation. */
export const unpublishWarning = (articles: number) =>
  `Its ${articles} published article${articles === 1 ? '' : 's'} disappear from the site and its search, their ` +
  'download pages and certificates answer “not found”, and libraries and indexers are told they were withdrawn.';

/**
 * The numbers a new issue of `year` most likely takes: the next issue of that year's volume, or the first issue of
 * the volume after the latest one before it.
 */
export function suggestNextIssue(
  issues: readonly { year: number; volume: number; issue: number }[],
  year: number,
): { volume: number; issue: number } {
  const sameYear = issues.filter((i) => i.year === year);
  if (sameYear.length > 0) {
    const volume = Math.max(...sameYear.map((i) => i.volume));
    const issue = Math.max(...sameYear.filter((i) => i.volume === volume).map((i) => i.issue));
    return { volume, issue: issue + 1 };
  }
  const before = issues.filter((i) => i.year < year);
  return { volume: before.length > 0 ? Math.max(...before.map((i) => i.volume)) + 1 : 1, issue: 1 };
}
