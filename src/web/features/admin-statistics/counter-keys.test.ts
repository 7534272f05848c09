import { describe, expect, it } from 'vitest';
import { counterKeyBody, harvestUrlPattern, missingFields } from './counter-keys.js';

describe('how a library harvests', () => {
  it('shows the report address with the customer id, leaving the report, key and months to fill in', () => {
    expect(harvestUrlPattern('https://journal.example', { customer_id: 'lakeside-01', requestor_id: '' })).toBe(
      'https://journal.example/api/counter/r51/reports/{report}?customer_id=lakeside-01&api_key={key}' +
        '&begin_date=YYYY-MM&end_date=YYYY-MM',
    );
  });

  it('names the requestor id when the key has one', () => {
    expect(harvestUrlPattern('https://journal.example', { customer_id: 'c1', requestor_id: 'harvester.9' })).toBe(
      'https://journal.example/api/counter/r51/reports/{report}?customer_id=c1&requestor_id=harvester.9' +
        '&api_key={key}&begin_date=YYYY-MM&end_date=YYYY-MM',
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
