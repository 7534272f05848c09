/** Addresses of archive pages and files, shared by the server (metadata) and the browser (links). */
import { MAX_RECORD_ID, MONTHS } from './constants.js';

interface ArticleLocation {
  year: number;
  volume: number;
  issue: number;
  refnumber: string;
}

/**
 * A route parameter read as its first run of digits ('vol10' -> 10), or null when it has none or
 * the number is too large to be a stored value.
 */
export function leadingNumber(param: string | undefined): number | null {
  const match = /\d+/.exec(param ?? '');
  if (!match) return null;
  const value = Number(match[0]);
  return value <= MAX_RECORD_ID ? value : null;
}

/** The page of one year's issues, which a year group's title links to. */
export const yearPath = (year: number) => `/archives/${year}`;

export const issuePath = (year: number, volume: number, issue: number) =>
  `/archives/${year}/vol${volume}/issue${issue}`;

/**
 * The article page's canonical address, which issue lists and search results link to (the plain-number form
 * /archives/2025/3/1/{ref} of the specification's search links still opens the article).
 */
export const articlePath = (a: ArticleLocation) =>
  `${issuePath(a.year, a.volume, a.issue)}/${encodeURIComponent(a.refnumber)}`;

/** The stored PDF (specification: Entities and their fields, File locations), or null when the article has none. */
export const articleFileUrl = (a: ArticleLocation & { file: string | null }) =>
  a.file ? `/assets/archives/${a.year}/vol${a.volume}issue${a.issue}/${encodeURIComponent(a.file)}` : null;

/** 'jan-feb' -> 'Jan-Feb'. */
export const frequencyLabel = (frequency: string) =>
  frequency
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('-');

const monthName = (code: string) => MONTHS.find((name) => name.slice(0, 3).toLowerCase() === code) ?? code;

/** A frequency code in words, for choosing it: 'may' -> 'May', 'jan-feb-mar' -> 'January to March'. */
export function monthsCovered(frequency: string): string {
  const parts = frequency.split('-');
  const first = monthName(parts[0]!);
  return parts.length === 1 ? first : `${first} to ${monthName(parts.at(-1)!)}`;
}

/** 'Volume 10, Issue 2 (Mar-Apr 2024)': the cover page's heading, on the PDF and on the home page's cover card. */
export function coverIssueHeading(cover: { year: number; volume: number; issue: number; frequency: string }): string {
  const months = frequencyLabel(cover.frequency);
  return `Volume ${cover.volume}, Issue ${cover.issue} (${months ? `${months} ` : ''}${cover.year})`;
}

/** 'VOL. 12, ISSUE 6 (2026) Nov-Dec': the frequency is added when known. */
export const issueTitle = (year: number, volume: number, issue: number, frequency = '') =>
  `VOL. ${volume}, ISSUE ${issue} (${year})${frequency ? ` ${frequencyLabel(frequency)}` : ''}`;
