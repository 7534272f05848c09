import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';
import { BLOCK_TAGS } from '../../common/html.js';

/**
 * Per-field allow-lists (docs/security.md, Output). No script, handler attribute or javascript: URL survives any of
 * them.
 */
const SAFE_SCHEMES = ['http', 'https', 'mailto', 'tel'];

const richText: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'a',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
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

/** Titles: italics (species names) and sub- and superscripts (CO<sub>2</sub>, m<sup>2</sup>). */
const titleTags: sanitizeHtml.IOptions = { allowedTags: ['i', 'em', 'sub', 'sup'], allowedAttributes: {} };

const inlineName: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 'span', 'br', 'sup', 'sub'],
  allowedAttributes: {},
};

/**
 * Sanitising is pure but costly (it parses the HTML), and pages sanitise the same stored values again on
 * every render, so results are remembered; the map is emptied when it grows past its bound.
 */
function remembered(clean: (html: string) => string, bound = 20_000): (html: string) => string {
  const results = new Map<string, string>();
  return (html) => {
    let result = results.get(html);
    if (result === undefined) {
      if (results.size >= bound) results.clear();
      result = clean(html);
      results.set(html, result);
    }
    return result;
  };
}

/** Abstracts, home content, editor posts. */
export const sanitizeRichText = remembered((html) => sanitizeHtml(html, richText), 2_000);
/** Work-log content: basic formatting and links. */
export const sanitizeBasic = (html: string) => sanitizeHtml(html, basicFormatting);
const collapseSpace = (text: string) => text.replace(/\s+/g, ' ').trim();
const cleanTitle = remembered((html) => collapseSpace(sanitizeHtml(html, titleTags)));
/** Text with no tag, entity or angle bracket leaves the sanitiser as it came in, so most titles need no parse. */
const NO_MARKUP = /^[^<>&]*$/;
/** Article titles keep only italics, subscripts and superscripts; whitespace is collapsed. */
export const sanitizeTitle = (html: string) => (NO_MARKUP.test(html) ? collapseSpace(html) : cleanTitle(html));
/** The journal name shown in the header. */
export const sanitizeInlineName = remembered((html) => sanitizeHtml(html, inlineName), 100);
/** A formatted reference: its italics, bold, small capitals and super/subscripts stay, its blocks go. */
const reference: sanitizeHtml.IOptions = {
  allowedTags: ['i', 'b', 'sup', 'sub', 'span'],
  allowedAttributes: { span: ['style'] },
  allowedStyles: { span: { 'font-variant': [/^small-caps$/] } },
};
export const sanitizeReference = (html: string) => collapseSpace(sanitizeHtml(html, reference));

/** Plain text of any HTML, for search and metadata; paragraphs and other blocks stay apart by a space. */
export const toPlainText = (html: string) =>
  decodeHTML(sanitizeHtml(html.replace(BLOCK_TAGS, ' '), { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, ' ')
    .trim();
