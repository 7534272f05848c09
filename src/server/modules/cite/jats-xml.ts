/**
 * An article's front matter as JATS 1.3 (Journal Publishing) XML, written as text through the escaping helpers of the
 * OAI module. Its fields are those of the Highwire tags and the Crossref deposit, read the same way (decision 120).
 */
import { articleFileUrl, articlePath } from '../../../common/archive-links.js';
import type { PublicAuthor } from '../../../common/authors.js';
import { firstLanguage, keywordList } from '../../../common/citation-exports.js';
import { titleText } from '../../../common/citation.js';
import { textOf } from '../../../common/html.js';
import { languageCode } from '../../../common/language-codes.js';
import type { PublicArticle } from '../../../common/schemas/archives.js';
import type { PublicSettings } from '../../../common/schemas/settings.js';
import { parentElement as parent, textElement as text } from '../oai/oai-xml.js';

type Journal = Pick<
  PublicSettings,
  'websitename' | 'journal_abbreviation' | 'issn' | 'journal_essn' | 'publisher_name' | 'journal_language'
>;

const optional = (name: string, value: string | number, attributes = {}) =>
  value === '' ? '' : text(name, value, attributes);

function journalMeta(journal: Journal): string {
  const titles =
    text('journal-title', journal.websitename) + optional('abbrev-journal-title', journal.journal_abbreviation);
  return parent(
    'journal-meta',
    parent('journal-title-group', titles) +
      optional('issn', journal.issn, { 'publication-format': 'print' }) +
      optional('issn', journal.journal_essn, { 'publication-format': 'electronic' }) +
      (journal.publisher_name ? parent('publisher', text('publisher-name', journal.publisher_name)) : ''),
  );
}

const affiliationText = (author: PublicAuthor) => [author.affiliation, author.country].filter(Boolean).join(', ');

/** Authors in order, each pointing at their affiliation, which is written once. */
function contributors(authors: readonly PublicAuthor[]): string {
  if (authors.length === 0) return '';
  // Each affiliation by its text, with an author who has it, in the order of first mention.
  const affiliations = new Map(authors.filter(affiliationText).map((author) => [affiliationText(author), author]));
  const affId = (author: PublicAuthor) => `aff${[...affiliations.keys()].indexOf(affiliationText(author)) + 1}`;
  const contrib = (author: PublicAuthor) =>
    parent(
      'contrib',
      (author.orcid ? text('contrib-id', `https://orcid.org/${author.orcid}`, { 'contrib-id-type': 'orcid' }) : '') +
        parent('name', text('surname', author.family_name) + optional('given-names', author.given_name)) +
        (affiliationText(author) ? parent('xref', '', { 'ref-type': 'aff', rid: affId(author) }) : ''),
      { 'contrib-type': 'author', corresp: author.corresponding ? 'yes' : undefined },
    );
  const aff = (author: PublicAuthor) =>
    parent(
      'aff',
      optional('institution', author.affiliation) +
        (author.affiliation && author.country ? ', ' : '') +
        optional('country', author.country),
      { id: affId(author) },
    );
  return parent('contrib-group', authors.map(contrib).join('') + [...affiliations.values()].map(aff).join(''));
}

/** '2025-02-14' as JATS's day, month and year; the issue's year alone when the article has no date. */
function pubDate(article: PublicArticle): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(article.publishdate);
  const parts = match
    ? text('day', match[3]!) + text('month', match[2]!) + text('year', match[1]!)
    : text('year', article.year);
  return parent('pub-date', parts, {
    'publication-format': 'electronic',
    'date-type': 'pub',
    'iso-8601-date': match ? article.publishdate : String(article.year),
  });
}

function permissions(article: PublicArticle): string {
  if (!article.licence_url && !article.licence_name) return '';
  const licence = optional('ali:license_ref', article.licence_url) + optional('license-p', article.licence_name);
  return parent('permissions', parent('license', licence, { 'xlink:href': article.licence_url || undefined }));
}

function articleMeta(article: PublicArticle, origin: string): string {
  const [firstPage = '', lastPage = ''] = article.pagenumber.split('-').map((page) => page.trim());
  const abstract = textOf(article.abstract);
  const keywords = keywordList(article.keywords);
  const file = articleFileUrl(article);
  return parent(
    'article-meta',
    optional('article-id', article.doi, { 'pub-id-type': 'doi' }) +
      text('article-id', article.refnumber, { 'pub-id-type': 'publisher-id' }) +
      parent('title-group', text('article-title', titleText(article.title))) +
      contributors(article.authors) +
      pubDate(article) +
      text('volume', article.volume) +
      text('issue', article.issue) +
      optional('fpage', firstPage) +
      optional('lpage', lastPage) +
      permissions(article) +
      text('self-uri', '', { 'xlink:href': origin + articlePath(article) }) +
      (file ? text('self-uri', '', { 'content-type': 'pdf', 'xlink:href': origin + file }) : '') +
      (abstract ? parent('abstract', text('p', abstract)) : '') +
      (keywords.length ? parent('kwd-group', keywords.map((word) => text('kwd', word)).join('')) : ''),
  );
}

/** The whole document: the article element with its front matter only (no body: the full text is the PDF). */
export function jatsArticle(article: PublicArticle, journal: Journal, origin: string): string {
  const language = languageCode(firstLanguage(journal.journal_language));
  const attributes = {
    'xmlns:xlink': 'http://www.w3.org/1999/xlink',
    'xmlns:ali': 'http://www.niso.org/schemas/ali/1.0/',
    'article-type': 'research-article',
    'dtd-version': '1.3',
    'xml:lang': /^[a-z]{2,3}$/.test(language) ? language : undefined,
  };
  const front = parent('front', journalMeta(journal) + articleMeta(article, origin));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${parent('article', front, attributes)}\n`;
}
