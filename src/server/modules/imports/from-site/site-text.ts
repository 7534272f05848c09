import { decodeHTML } from 'entities';
import { ISSUE_FREQUENCIES, MONTHS } from '../../../../common/constants.js';

const ENCODED_TAG = /&lt;\/?[a-z][a-z0-9]*(?:\s[^<>]*?)?\/?&gt;/i;
const ENCODED_ENTITY = /&amp;(?:[a-z][a-z0-9]*|#\d+|#x[\da-f]+);/i;
const RAW_TAG = /<\/?[a-z][a-z0-9]*[\s/>]/i;

/**
 * HTML as the forms take it. The original product stores titles, abstracts, posts and home content HTML-encoded
 * (specification: Entities and their fields), so text with no tag of its own that holds an encoded tag or an encoded
 * entity ('&amp;amp;') is decoded once; anything else is HTML already. The import sanitises it on write either way.
 */
export const storedHtml = (text: string): string =>
  !RAW_TAG.test(text) && (ENCODED_TAG.test(text) || ENCODED_ENTITY.test(text)) ? decodeHTML(text) : text;

/** YYYY-MM-DD from a date or a timestamp ('2024-03-05T00:00:00.000Z' as a database driver writes one); '' when none. */
export function dateOnly(text: string): string {
  const written = /^\d{4}-\d{2}-\d{2}/.exec(text.trim());
  if (written) return written[0];
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? '' : new Date(parsed).toISOString().slice(0, 10);
}

const SHORT_MONTHS = MONTHS.map((month) => month.slice(0, 3).toLowerCase());

/**
 * One of ISSUE_FREQUENCIES from how a site names an issue's months: 'jan-feb', 'Jan-Feb', 'MARCH',
 * 'January-June' (a first and a last month stand for the months between); null when it names none of them.
 */
export function frequencyOf(text: string): string | null {
  const months = text
    .trim()
    .toLowerCase()
    .split(/\s*-\s*/)
    .map((part) => SHORT_MONTHS.indexOf(part.slice(0, 3)));
  if (months.length === 0 || months.includes(-1)) return null;
  const listed = months.map((month) => SHORT_MONTHS[month]).join('-');
  if (ISSUE_FREQUENCIES.includes(listed)) return listed;
  const [first, last] = [months[0]!, months.at(-1)!];
  const spanned = SHORT_MONTHS.slice(first, last + 1).join('-');
  return first < last && ISSUE_FREQUENCIES.includes(spanned) ? spanned : null;
}
