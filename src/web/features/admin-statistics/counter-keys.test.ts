import { describe, expect, it } from 'vitest';
import { counterKeyBody, harvestAddress, harvestMessage, missingFields } from './counter-keys.js';

const KEY = { customer_id: 'lakeside-01', requestor_id: '', api_key: 'k3y' };
const MONTHS = { from: '2025-11', to: '2026-10' };

describe('how a library harvests', () => {
  it('gives an address that opens the journal usage report as it is, with the key and the months filled in', () => {
    expect(harvestAddress('https://journal.example', KEY, MONTHS)).toBe(
      'https://journal.example/api/counter/r51/reports/tr_j3?customer_id=lakeside-01&api_key=k3y' +
        '&begin_date=2025-11&end_date=2026-10',
    );
  });

  it('names the requestor id when the key has one', () => {
    expect(harvestAddress('https://journal.example', { ...KEY, requestor_id: 'harvester.9' }, MONTHS)).toContain(
      '?customer_id=lakeside-01&requestor_id=harvester.9&api_key=k3y&',
    );
  });

  it('writes a message with the harvester settings and the address, without placeholders', () => {
    const message = harvestMessage('https://journal.example', KEY, MONTHS);
    expect(message.split('\n')).toEqual([
      'Your usage reports (COUNTER Release 5.1) can be harvested with these settings:',
      'COUNTER API address: https://journal.example/api/counter/r51',
      'Customer ID: lakeside-01',
      'API key: k3y',
      `Journal usage from 2025-11 to 2026-10, ready to open: ${harvestAddress('https://journal.example', KEY, MONTHS)}`,
    ]);
    expect(message).not.toMatch(/[{}]|YYYY/);
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
