import type { CounterKeyInput, CreatedCounterKey } from '../../../common/schemas/counter.js';
import type { Period } from '../../../common/schemas/statistics.js';
import { COUNTER_API_PATH, COUNTER_REPORTS_PATH } from './counter-reports.js';

export const COUNTER_KEYS_URL = '/api/admin/counter-keys';

type NewKey = Pick<CreatedCounterKey, 'customer_id' | 'requestor_id' | 'api_key'>;

/** The report most libraries ask for, TR_J3, of `months`, with the key filled in: an address that opens as it is. */
export function harvestAddress(origin: string, key: NewKey, months: Period): string {
  const query = new URLSearchParams({ customer_id: key.customer_id });
  if (key.requestor_id) query.set('requestor_id', key.requestor_id);
  query.set('api_key', key.api_key);
  query.set('begin_date', months.from);
  query.set('end_date', months.to);
  return `${origin}${COUNTER_REPORTS_PATH}/tr_j3?${query}`;
}

/** What the library needs, ready to send: its harvester's settings and one address that opens a report. */
export function harvestMessage(origin: string, key: NewKey, months: Period): string {
  return [
    'Your usage reports (COUNTER Release 5.1) can be harvested with these settings:',
    `COUNTER API address: ${origin}${COUNTER_API_PATH}`,
    `Customer ID: ${key.customer_id}`,
    ...(key.requestor_id ? [`Requestor ID: ${key.requestor_id}`] : []),
    `API key: ${key.api_key}`,
    `Journal usage from ${months.from} to ${months.to}, ready to open: ${harvestAddress(origin, key, months)}`,
  ].join('\n');
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
