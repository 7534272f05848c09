import type { Period } from '../../../common/schemas/statistics.js';

/** Who may harvest the journal's COUNTER reports, as GET /api/admin/counter-keys lists them. */
export interface CounterKey {
  id: number;
  customer_id: string;
  requestor_id: string;
  institution_name: string;
  /** The key's last characters, to tell keys apart. */
  key_hint: string;
  created_at: string;
  last_used_at: string | null;
}

/** The answer to POST /api/admin/counter-keys: the record and the key itself, shown this once. */
export interface NewCounterKey extends CounterKey {
  api_key: string;
}

export interface CounterKeyInput {
  institution_name: string;
  customer_id: string;
  requestor_id: string;
}

export const COUNTER_KEYS_URL = '/api/admin/counter-keys';

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

/**
 * A report of the period as TSV, asked for as a harvester would: with the key's customer id, its requestor id when
 * it has one, and the key itself.
 */
export function counterReportUrl(reportId: string, period: Period, key: CounterKey, apiKey: string): string {
  const query = new URLSearchParams({ begin_date: period.from, end_date: period.to, customer_id: key.customer_id });
  if (key.requestor_id) query.set('requestor_id', key.requestor_id);
  query.set('api_key', apiKey);
  query.set('format', 'tsv');
  return `${COUNTER_REPORTS_PATH}/${reportId}?${query}`;
}

/** The body of POST /api/admin/counter-keys: the requestor id only when one is given. */
export function counterKeyBody({ institution_name, customer_id, requestor_id }: CounterKeyInput) {
  const body = { institution_name: institution_name.trim(), customer_id: customer_id.trim() };
  return requestor_id.trim() ? { ...body, requestor_id: requestor_id.trim() } : body;
}

/** The fields left empty that the form needs, with their messages. */
export function missingFields(input: CounterKeyInput): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!input.institution_name.trim()) missing.institution_name = 'Institution name is required';
  if (!input.customer_id.trim()) missing.customer_id = 'Customer ID is required';
  return missing;
}
