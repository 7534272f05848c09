import type { CounterKey, CounterKeyInput } from '../../../common/schemas/counter.js';
import { COUNTER_REPORTS_PATH } from './counter-reports.js';

export const COUNTER_KEYS_URL = '/api/admin/counter-keys';

/**
 * How a library asks for a report with its key: the address with the key's customer id, and its requestor id when
 * it has one; the report, the key and the months are left for the library to fill in.
 */
export function harvestUrlPattern(origin: string, key: Pick<CounterKey, 'customer_id' | 'requestor_id'>): string {
  const ids = new URLSearchParams({ customer_id: key.customer_id });
  if (key.requestor_id) ids.set('requestor_id', key.requestor_id);
  return `${origin}${COUNTER_REPORTS_PATH}/{report}?${ids}&api_key={key}&begin_date=YYYY-MM&end_date=YYYY-MM`;
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
