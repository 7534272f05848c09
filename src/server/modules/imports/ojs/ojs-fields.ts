import { LICENCES } from '../../../../common/licences.js';

/** The date part of an OJS date (OJS writes YYYY-MM-DD); '' for none. */
export const dateOf = (value: string) => (/^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '');

/**
 * OJS pages are free text; the forms take "first-last". Dashes of any kind and a single page are read in that form;
 * anything else ("pp. 3-9", "e1234") stays as written, for the import's check to name.
 */
export function pageRange(pages: string): string {
  const text = pages.trim().replace(/\s*[\u2010-\u2015\u2212-]\s*/g, '-');
  return /^\d+$/.test(text) ? `${text}-${text}` : text;
}

/** An address as licences are compared: scheme, "www.", a trailing slash and the legal code or deed page set aside. */
const comparable = (url: string) =>
  url
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\/(www\.)?/, '')
    .replace(/\/(legalcode|deed\.[a-z-]+)?\/?$/, '');

const CREATIVE_COMMONS = /^creativecommons\.org\/licenses\/([a-z-]+)\/(\d\.\d)$/;

/**
 * The licence of OJS's licenseUrl. One the settings offer (src/common/licences.ts) gets their name and address, so it
 * reads as that choice; another Creative Commons licence a name of the same form ("CC BY-NC 3.0"); any other its
 * address as its name, which nothing else here knows.
 */
export function licenceOf(licenseUrl: string): { licence_name: string; licence_url: string } {
  const url = licenseUrl.trim();
  if (!url) return { licence_name: '', licence_url: '' };
  const known = LICENCES.find((licence) => licence.url !== '' && comparable(licence.url) === comparable(url));
  if (known) return { licence_name: known.name, licence_url: known.url };
  const creativeCommons = CREATIVE_COMMONS.exec(comparable(url));
  const name = creativeCommons ? `CC ${creativeCommons[1]!.toUpperCase()} ${creativeCommons[2]}` : url;
  return { licence_name: name, licence_url: url };
}
