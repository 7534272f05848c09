import type { Month } from '../usage/usage-data.js';
import { counterException, type CounterException } from './counter-exceptions.js';

/** A span of whole months, both ends included. */
export interface Period {
  begin: Month;
  end: Month;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const monthIndex = (month: Month) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthAt = (index: number): Month =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

export const addMonths = (month: Month, count: number): Month => monthAt(monthIndex(month) + count);

export const monthsOf = (period: Period): Month[] =>
  Array.from({ length: Math.max(0, monthIndex(period.end) - monthIndex(period.begin) + 1) }, (_, offset) =>
    addMonths(period.begin, offset),
  );

export const monthOf = (date: Date): Month => date.toISOString().slice(0, 7);

export const inPeriod = (month: Month, period: Period) => month >= period.begin && month <= period.end;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function daysInMonth(month: Month): number {
  const [year, number] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  if (number === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(number) ? 30 : 31;
}

/** Begin_Date and End_Date as report headers give them: the first and the last day of the period. */
export const periodDates = (period: Period) => ({
  Begin_Date: `${period.begin}-01`,
  End_Date: `${period.end}-${String(daysInMonth(period.end)).padStart(2, '0')}`,
});

/** A month as the tabular reports head its column: Mmm-yyyy. */
export const monthLabel = (month: Month) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]}-${month.slice(0, 4)}`;

/**
 * The part of a requested period the server has usage for, and why the rest is missing (Code of Practice 5.1,
 * Appendix D): months not over yet are not ready (3031, the report ends with the last month available), months
 * before the first month counted are no longer available (3032). Null when none of the request is available.
 */
export function availablePart(
  requested: Period,
  available: Period,
): { period: Period | null; exceptions: CounterException[] } {
  const exceptions: CounterException[] = [];
  const period = { ...requested };
  if (requested.end > available.end) {
    exceptions.push(
      counterException(
        3031,
        `Usage from ${addMonths(available.end, 1)} to ${requested.end} is not ready; the last month available is ${available.end}`,
      ),
    );
    period.end = available.end;
  }
  if (requested.begin < available.begin) {
    exceptions.push(
      counterException(
        3032,
        `Usage before ${available.begin} is not available; usage is available from ${available.begin} to ${available.end}`,
      ),
    );
    period.begin = available.begin;
  }
  return { period: period.begin <= period.end ? period : null, exceptions };
}
