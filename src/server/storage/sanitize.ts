import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';

/** Per-field allow-lists (DESIGN.md §5.2). No script, handler attribute or javascript: URL survives any of them. */
const SAFE_SCHEMES = ['http', 'https', 'mailto', 'tel'];

const richText: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'span', 'div',
    'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: SAFE_SCHEMES,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

const basicFormatting: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 's', 'br', 'p', 'span', 'a', 'ul', 'ol', 'li'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: SAFE_SCHEMES,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

const italicOnly: sanitizeHtml.IOptions = { allowedTags: ['i', 'em'], allowedAttributes: {} };

const inlineName: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 'span', 'br', 'sup', 'sub'],
  allowedAttributes: {},
};

/** Abstracts, home content, editor posts. */
export const sanitizeRichText = (html: string) => sanitizeHtml(html, richText);
/** Work-log content: basic formatting and links. */
export const sanitizeBasic = (html: string) => sanitizeHtml(html, basicFormatting);
/** Article titles keep only italics; whitespace is collapsed. */
export const sanitizeTitle = (html: string) =>
  sanitizeHtml(html, italicOnly).replace(/\s+/g, ' ').trim();
/** The journal name shown in the header. */
export const sanitizeInlineName = (html: string) => sanitizeHtml(html, inlineName);
/** Plain text of any HTML, for search and metadata. */
export const toPlainText = (html: string) =>
  decodeHTML(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })).replace(/\s+/g, ' ').trim();
