const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/;

/** Text or an attribute value made safe to place in HTML (most values have nothing to escape and are returned as they are). */
export const escapeHtml = (value: string) =>
  SPECIAL.test(value) ? value.replace(/[&<>"']/g, (c) => ESCAPES[c]!) : value;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Block tags separate words (two paragraphs are not one word); inline ones (i, em, sub…) sit inside them. */
export const BLOCK_TAGS = /<\/?(p|br|div|li|ul|ol|h[1-6]|blockquote|tr|td|th)\b[^>]*>/gi;

/** Text of an HTML fragment, for emptiness checks, word counts and messages (display only; the server sanitises). */
export const textOf = (html: string) =>
  html
    .replace(BLOCK_TAGS, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Stored pages may name settings as `{websitename}`, `{websiteemail}`, `{fee_rupee}` ...: they are filled in
 * when the page is shown, so a changed setting shows on every page without editing its text.
 */
export function fillPlaceholders(html: string, settings: Readonly<Record<string, unknown>>): string {
  return html.replace(/\{([a-zA-Z_]+)\}/g, (placeholder, name: string) => {
    const value = settings[name];
    return typeof value === 'string' ? escapeHtml(value) : placeholder;
  });
}
