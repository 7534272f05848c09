/**
 * The one escape every XML document of the site (sitemap, feed) writes its text and attribute values
 * with. Characters XML 1.0 forbids (control characters, unpaired surrogates, U+FFFE/U+FFFF) are dropped:
 * a stored title holding one would otherwise make the whole document unreadable to every parser.
 */
/* eslint-disable no-control-regex -- these are the characters XML forbids */
const FORBIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const SPECIAL = /[&<>"']/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const NEEDS_WORK = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;
/* eslint-enable no-control-regex */

export function escapeXml(value: string): string {
  if (!NEEDS_WORK.test(value)) return value;
  return value.replace(FORBIDDEN, '').replace(SPECIAL, (c) => ENTITIES[c]!);
}

const STORED_TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z$/;

/**
 * A stored timestamp (ISO 8601 in UTC, as the server writes them) as RFC 3339 / W3C Datetime to the second,
 * e.g. 2026-11-23T18:00:00Z, or null when the value is empty or not such a timestamp.
 */
export function xmlTimestamp(stored: string | null | undefined): string | null {
  const match = STORED_TIMESTAMP.exec(stored ?? '');
  return match ? `${match[1]}Z` : null;
}

/** The latest of several stored timestamps (ISO 8601 strings in UTC order as text; empty ones lose). */
export const latest = (...stored: (string | null | undefined)[]): string =>
  stored.reduce<string>((max, value) => (value && value > max ? value : max), '');
