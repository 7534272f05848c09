import { z } from './zod-config.js';
import { ISSUE_FREQUENCIES } from '../constants.js';

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

/** An issue as the admin area reads it. */
export const issueSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  volume: z.number().int(),
  issue: z.number().int(),
  frequency: z.string(),
  creation: z.string(),
});

/** One row of GET /api/admin/archives/: an issue with its article count. */
export const adminIssueSchema = issueSchema.extend({ articles: z.number().int() });
export type AdminIssue = z.infer<typeof adminIssueSchema>;

export const ISSUE_CREATED_MESSAGE = 'Issue created successfully';
export const DUPLICATE_ISSUE_MESSAGE = 'This issue already exists.';

/** Volume and issue shown with 2 digits, article counts with 3 (specification: Business constants and limits). */
export const padNumber = (value: number, digits: number) => String(value).padStart(digits, '0');

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
