import type { Period } from '../../../common/schemas/statistics.js';

/** Where the COUNTER API 5.1 serves its reports: `${COUNTER_REPORTS_PATH}/{report id}`. */
export const COUNTER_REPORTS_PATH = '/api/counter/r51/reports';

/** The reports a journal platform provides (decision 101): the standard views first, then the master reports. */
export const COUNTER_REPORTS = [
  { id: 'pr_p1', name: 'PR_P1 Platform Usage' },
  { id: 'tr_j1', name: 'TR_J1 Journal Requests' },
  { id: 'tr_j3', name: 'TR_J3 Journal Usage by Access Type' },
  { id: 'ir_a1', name: 'IR_A1 Journal Article Requests' },
  { id: 'pr', name: 'PR Platform Report' },
  { id: 'tr', name: 'TR Title Report' },
  { id: 'ir', name: 'IR Item Report' },
] as const;

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
