/** DOAJ's article upload XML (doajArticles.xsd), written as text through the escaping helpers of the OAI module. */
import { articleFileUrl, articlePath } from '../../../common/archive-links.js';
import { displayName, type Author } from '../../../common/authors.js';
import { keywordList } from '../../../common/citation-exports.js';
import { titleText } from '../../../common/citation.js';
import { textOf } from '../../../common/html.js';
import type { SiteSettings } from '../../../common/schemas/settings.js';
import { parentElement as parent, textElement as text } from '../oai/oai-xml.js';
import type { DepositArticle } from '../crossref/crossref.repository.js';

export interface DoajRequest {
  articles: DepositArticle[];
  settings: SiteSettings;
  origin: string;
  /** The journal's language as an ISO 639-2/B code, or '' when it names none. */
  language: string;
}

/** The schema's ISSN pattern: a setting that is not an ISSN is left out rather than making the file invalid. */
const ISSN_FORM = /^\d{4}-?\d{3}[\dxX]$/;

/** The schema's full-text address: a host with a top-level domain, or an IPv4 address. */
export const DOAJ_URL_FORM = /^https?:\/\/([^/:]+\.\p{L}{2,10}|(\d{1,3}\.){3}\d{1,3})(:\d+)?/u;

const optional = (name: string, value: string | number) => (value === '' ? '' : text(name, value));

/** Affiliations named once each, every author pointing at theirs by its id. */
function affiliationIds(authors: readonly Author[]): Map<string, string> {
  const names = authors.map(affiliationName).filter(Boolean);
  return new Map([...new Set(names)].map((name, index) => [name, String(index + 1)]));
}

const affiliationName = (author: Author) => [author.affiliation, author.country].filter(Boolean).join(', ');

/** Each author's name, affiliation id and ORCID iD; the email stays with the staff, as on the article page. */
function authorsXml(authors: readonly Author[], ids: Map<string, string>): string {
  if (authors.length === 0) return '';
  const author = (one: Author) => {
    const affiliation = ids.get(affiliationName(one));
    return parent(
      'author',
      text('name', displayName(one)) +
        (affiliation ? text('affiliationId', affiliation) : '') +
        (one.orcid ? text('orcid_id', `https://orcid.org/${one.orcid}`) : ''),
    );
  };
  return parent('authors', authors.map(author).join(''));
}

function affiliationsXml(ids: Map<string, string>): string {
  if (ids.size === 0) return '';
  const names = [...ids].map(([name, id]) => text('affiliationName', name, { affiliationId: id }));
  return parent('affiliationsList', names.join(''));
}

/** The PDF when the article has one; otherwise its page, which carries the full text. */
function fullText(article: DepositArticle, origin: string): string {
  const file = articleFileUrl(article);
  return file
    ? text('fullTextUrl', origin + file, { format: 'pdf' })
    : text('fullTextUrl', origin + articlePath(article), { format: 'html' });
}

/** One article, its elements in the schema's order. */
function record(article: DepositArticle, { settings, origin, language }: DoajRequest): string {
  const [startPage = '', endPage = ''] = article.pagenumber.split('-').map((page) => page.trim());
  const lang = language ? { language } : {};
  const ids = affiliationIds(article.authors);
  const abstract = textOf(article.abstract);
  const keywords = keywordList(article.keywords);
  return parent(
    'record',
    optional('language', language) +
      optional('publisher', settings.publisher_name || settings.websitename) +
      text('journalTitle', settings.websitename) +
      optional('issn', ISSN_FORM.test(settings.issn) ? settings.issn : '') +
      optional('eissn', ISSN_FORM.test(settings.journal_essn) ? settings.journal_essn : '') +
      text('publicationDate', article.publishdate || String(article.year)) +
      text('volume', article.volume) +
      text('issue', article.issue) +
      optional('startPage', startPage) +
      optional('endPage', endPage) +
      optional('doi', article.doi) +
      text('publisherRecordId', article.refnumber) +
      text('documentType', 'article') +
      text('title', titleText(article.title), lang) +
      authorsXml(article.authors, ids) +
      affiliationsXml(ids) +
      (abstract ? text('abstract', abstract, lang) : '') +
      fullText(article, origin) +
      (keywords.length ? parent('keywords', keywords.map((word) => text('keyword', word)).join(''), lang) : ''),
  );
}

/** The whole upload: one record per published article. */
export function doajArticles(request: DoajRequest): string {
  const records = request.articles.map((article) => record(article, request)).join('');
  const schema = {
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:noNamespaceSchemaLocation': 'https://doaj.org/static/doaj/doajArticles.xsd',
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${parent('records', records, schema)}\n`;
}
