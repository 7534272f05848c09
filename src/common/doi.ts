/** DOIs: how they are written, checked, linked and pre-filled. */

export const DOI_MESSAGE = 'DOI must look like 10.1234/suffix (without https://doi.org/).';
export const DOI_PATTERN = /^10\.\d{4,9}\/\S+$/;
export const DOI_PREFIX_PATTERN = /^10\.\d{4,9}$/;
export const DEFAULT_DOI_SUFFIX_PATTERN = '{journal-initials}.{year}.{volume}.{issue}.{refnumber}';
const RESOLVER = 'https://doi.org/';

export const doiUrl = (doi: string) => RESOLVER + doi;

/** A DOI as typed or pasted: a resolver address or 'doi:' in front is dropped. */
export const normaliseDoi = (value: string) => value.trim().replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, '');

/** 'International Journal of Applied Research' -> 'ijar': the first letters of the words that are not 'of', 'and'… */
export function journalInitials(journalName: string): string {
  const minor = new Set(['of', 'and', 'the', 'for', 'in', 'on', '&']);
  return journalName
    .split(/\s+/)
    .filter((word) => word && !minor.has(word.toLowerCase()))
    .map((word) => word.charAt(0).toLowerCase())
    .join('');
}

export interface DoiPlace {
  year: number | string;
  volume: number | string;
  issue: number | string;
  refnumber: string;
}

/** The DOI the settings suggest for a new article, or '' when no prefix is set. */
export function suggestedDoi(prefix: string, pattern: string, journalName: string, place: DoiPlace): string {
  if (!prefix) return '';
  const values: Record<string, string> = {
    'journal-initials': journalInitials(journalName),
    year: String(place.year),
    volume: String(place.volume),
    issue: String(place.issue),
    refnumber: place.refnumber,
  };
  const suffix = (pattern || DEFAULT_DOI_SUFFIX_PATTERN).replace(
    /\{([a-z-]+)\}/g,
    (token, name: string) => values[name] ?? token,
  );
  return `${prefix}/${suffix}`;
}
