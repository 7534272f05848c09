const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/;

/** Text or an attribute value made safe to place in HTML (most values have nothing to escape and are returned as they are). */
export const escapeHtml = (value: string) =>
  SPECIAL.test(value) ? value.replace(/[&<>"']/g, (c) => ESCAPES[c]!) : value;
