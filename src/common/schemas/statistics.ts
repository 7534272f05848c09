import { z } from './zod-config.js';

/** A calendar month, YYYY-MM (UTC). */
export type Month = string;

/** The longest period the statistics screen and its CSV cover: ten years. */
export const MAX_PERIOD_MONTHS = 120;
/** The period shown when none is asked for: the last twelve months, this one included. */
export const DEFAULT_PERIOD_MONTHS = 12;
export const TOP_ARTICLES = 20;
export const TOP_ISSUES = 10;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Months must look like 2026-03');

/** GET /api/admin/statistics and statistics.csv: the first and last month of the period, both included. */
export const statisticsQuerySchema = z.object({ from: month.optional(), to: month.optional() });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

const monthIndex = (value: Month) => Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7)) - 1;
const monthAt = (index: number): Month =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

export const addMonths = (value: Month, count: number): Month => monthAt(monthIndex(value) + count);

/** Every month from `from` to `to`, both included. */
export const monthsOf = (from: Month, to: Month): Month[] =>
  Array.from({ length: monthIndex(to) - monthIndex(from) + 1 }, (_, offset) => addMonths(from, offset));

export interface Period {
  from: Month;
  to: Month;
}

/**
 * The period a query asks for, with the defaults filled in (the last twelve months up to `thisMonth`), or why it
 * cannot be shown; the message names its field as the server's refusals do ('from: ...').
 */
export function periodOf(query: StatisticsQuery, thisMonth: Month): { period: Period } | { problem: string } {
  const to = query.to ?? thisMonth;
  const from = query.from ?? addMonths(to, 1 - DEFAULT_PERIOD_MONTHS);
  if (from > to) return { problem: `from: The first month (${from}) comes after the last (${to})` };
  const span = monthIndex(to) - monthIndex(from) + 1;
  if (span > MAX_PERIOD_MONTHS)
    return { problem: `to: A period may cover at most 10 years (${MAX_PERIOD_MONTHS} months); this one has ${span}` };
  return { period: { from, to } };
}

const count = z.number().int();

export const monthUsageSchema = z.object({ month: z.string(), views: count, downloads: count });
export type MonthUsage = z.infer<typeof monthUsageSchema>;

/** A used article; one deleted since keeps its tombstone's citation, or none ('Deleted article', nulls). */
export const articleUsageSchema = z.object({
  id: z.number().int(),
  refnumber: z.string(),
  /** Plain text. */
  title: z.string(),
  year: z.number().int().nullable(),
  volume: z.number().int().nullable(),
  issue: z.number().int().nullable(),
  deleted: z.boolean(),
  views: count,
  downloads: count,
});
export type ArticleUsage = z.infer<typeof articleUsageSchema>;

export const issueUsageSchema = z.object({
  year: z.number().int(),
  volume: z.number().int(),
  issue: z.number().int(),
  views: count,
  downloads: count,
});
export type IssueUsage = z.infer<typeof issueUsageSchema>;

/**
 * The journal's usage in a period (decision 101): views are abstract views (investigations that were not
 * downloads), downloads are COUNTER requests. Every month of the period is listed, zeros included; the articles
 * and issues are the most used, by views and downloads together.
 */
export const statisticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(monthUsageSchema),
  articles: z.array(articleUsageSchema),
  issues: z.array(issueUsageSchema),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/** The title a used article shows when it was deleted without a tombstone. */
export const DELETED_ARTICLE_TITLE = 'Deleted article';
