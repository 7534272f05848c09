import { describe, expect, it } from 'vitest';
import { formatWorklogDate } from './worklog-date.js';

// Built from local date parts, so the expectations hold in any time zone.
const local = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

describe('formatWorklogDate', () => {
  it('writes MM/DD/YYYY with a 12-hour clock', () => {
    expect(formatWorklogDate(local(2026, 10, 22, 15, 5))).toBe('11/22/2026 03:05 PM');
    expect(formatWorklogDate(local(2026, 0, 3, 9, 41))).toBe('01/03/2026 09:41 AM');
  });

  it('calls midnight 12 AM and noon 12 PM', () => {
    expect(formatWorklogDate(local(2026, 4, 1, 0, 0))).toBe('05/01/2026 12:00 AM');
    expect(formatWorklogDate(local(2026, 4, 1, 12, 30))).toBe('05/01/2026 12:30 PM');
    expect(formatWorklogDate(local(2026, 11, 31, 23, 59))).toBe('12/31/2026 11:59 PM');
  });

  it('shows a value that is not a time as it is', () => {
    expect(formatWorklogDate('yesterday')).toBe('yesterday');
  });
});
