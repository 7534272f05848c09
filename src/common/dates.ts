import { MONTHS } from './constants.js';

/**
 * '2026-11-25' -> '25 November 2026', the date as the article page, the certificates and the cover page write it;
 * null for anything but a whole date. Written out rather than left to Intl, so the server's render and the
 * browser's hydration make the same text whatever their locale data.
 */
export function longDate(isoDate: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : null;
}
