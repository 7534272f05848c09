import { describe, expect, it } from 'vitest';
import { counterKeyBody, counterReportUrl, missingFields, type CounterKey } from './counter-keys.js';

const KEY: CounterKey = {
  id: 3,
  customer_id: 'lakeside 01',
  requestor_id: '',
  institution_name: 'Lakeside University Library',
  key_hint: 'cdef',
  created_at: '2026-03-01T10:00:00.000Z',
  last_used_at: null,
};
const PERIOD = { from: '2025-01', to: '2025-12' };

describe('COUNTER report links', () => {
  it('ask for the period as TSV with the customer id and its key, encoded', () => {
    expect(counterReportUrl('tr_j1', PERIOD, KEY, 'a&b')).toBe(
      '/api/counter/r51/reports/tr_j1?begin_date=2025-01&end_date=2025-12&customer_id=lakeside+01&api_key=a%26b&format=tsv',
    );
  });

  it('name the requestor id when the key has one', () => {
    expect(counterReportUrl('pr_p1', PERIOD, { ...KEY, requestor_id: 'harvester-9' }, 'k')).toBe(
      '/api/counter/r51/reports/pr_p1?begin_date=2025-01&end_date=2025-12&customer_id=lakeside+01' +
        '&requestor_id=harvester-9&api_key=k&format=tsv',
    );
  });
});

describe('the new key form', () => {
  it('sends the requestor id only when one is given, trimmed', () => {
    const input = { institution_name: ' Lakeside ', customer_id: ' c1 ', requestor_id: ' ' };
    expect(counterKeyBody(input)).toEqual({ institution_name: 'Lakeside', customer_id: 'c1' });
    expect(counterKeyBody({ ...input, requestor_id: ' r1 ' })).toEqual({
      institution_name: 'Lakeside',
      customer_id: 'c1',
      requestor_id: 'r1',
    });
  });

  it('names the required fields left empty', () => {
    expect(missingFields({ institution_name: '', customer_id: ' ', requestor_id: '' })).toEqual({
      institution_name: 'Institution name is required',
      customer_id: 'Customer ID is required',
    });
  });
});
