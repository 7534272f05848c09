import type { Period } from '../../../common/schemas/statistics.js';

/** The COUNTER API 5.1, as a harvester is set up with it. */
export const COUNTER_API_PATH = '/api/counter/r51';
/** Where it serves its reports: `${COUNTER_REPORTS_PATH}/{report id}`. */
export const COUNTER_REPORTS_PATH = `${COUNTER_API_PATH}/reports`;

/**
 * The reports a journal platform provides (decision 101): the standard views first, then the master reports; each
 * with what a library uses it for, in one sentence.
 */
export const COUNTER_REPORTS = [
  { id: 'pr_p1', name: 'PR_P1 Platform Usage', purpose: 'The whole site at a glance: searches, views and downloads.' },
  {
    id: 'tr_j1',
    name: 'TR_J1 Journal Requests',
    purpose: 'Downloads and views of subscribed content; an open-access journal reports little here.',
  },
  {
    id: 'tr_j3',
    name: 'TR_J3 Journal Usage by Access Type',
    purpose: 'The journal’s views and downloads, open access counted: the report most libraries ask for.',
  },
  { id: 'ir_a1', name: 'IR_A1 Journal Article Requests', purpose: 'Views and downloads of each article.' },
  { id: 'pr', name: 'PR Platform Report', purpose: 'Everything of PR_P1 with every breakdown, for specialists.' },
  { id: 'tr', name: 'TR Title Report', purpose: 'Everything of TR_J1 and TR_J3 with every breakdown.' },
  { id: 'ir', name: 'IR Item Report', purpose: 'Everything of IR_A1 with every breakdown.' },
] as const;

/** The months the reports have usage for: complete months from the first one with counted use. */
export interface AvailableMonths {
  first: string;
  last: string;
}

/**
 * The part of the chosen period the reports will cover (the months not over yet and those before counting began are
 * left out, as the COUNTER Code asks), or null when none of it is available.
 */
export function coveredPeriod(period: Period, available: AvailableMonths): Period | null {
  const from = period.from > available.first ? period.from : available.first;
  const to = period.to < available.last ? period.to : available.last;
  return from <= to ? { from, to } : null;
}

/** 'yyyy-mm', `count` months earlier. */
function monthsBefore(month: string, count: number): string {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, number! - 1 - count, 1)).toISOString().slice(0, 7);
}

/** The last twelve months the reports can cover, or fewer when counting began later: a library's first harvest. */
export function recentMonths(available: AvailableMonths): Period {
  const yearBefore = monthsBefore(available.last, 11);
  return { from: available.first > yearBefore ? available.first : yearBefore, to: available.last };
}

/** A period as a heading says it: '2026-10', or '2025-12 to 2026-10'. */
export const periodWords = (period: Period) =>
  period.from === period.to ? period.from : `${period.from} to ${period.to}`;

/** TSV is COUNTER's tabular form, for spreadsheets; JSON the form harvesters read. */
export type ReportFormat = 'tsv' | 'json';

/**
 * A report of the period for the signed-in admin: without a customer id the API answers for "The World", every
 * use of the journal.
 */
export function reportUrl(reportId: string, period: Period, format: ReportFormat): string {
  const query = new URLSearchParams({ begin_date: period.from, end_date: period.to });
  if (format === 'tsv') query.set('format', 'tsv');
  return `${COUNTER_REPORTS_PATH}/${reportId}?${query}`;
}

/**
 * The file's name when the answer gives none, as a JSON one does: like the API's TSV names, the report and the months
 * asked for (TR_J1_2025-01_2025-12.json).
 */
export const reportFileName = (reportId: string, period: Period, format: ReportFormat) =>
  `${reportId.toUpperCase()}_${period.from}_${period.to}.${format}`;
