/** A Crossref deposit (schema 5.3.1) of one issue, written as text through the escaping helpers of the OAI module. */
import { articleFileUrl, articlePath } from '../../../common/archive-links.js';
import type { Author } from '../../../common/authors.js';
import { titleText } from '../../../common/citation.js';
import { textOf } from '../../../common/html.js';
import type { SiteSettings } from '../../../common/schemas/settings.js';
import { parentElement as parent, textElement as text } from '../oai/oai-xml.js';
import type { DepositArticle } from './crossref.repository.js';

const NAMESPACES = {
  xmlns: 'http://www.crossref.org/schema/5.3.1',
  'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
  'xmlns:jats': 'http://www.ncbi.nlm.nih.gov/JATS1',
  'xmlns:ai': 'http://www.crossref.org/AccessIndicators.xsd',
  version: '5.3.1',
  'xsi:schemaLocation': 'http://www.crossref.org/schema/5.3.1 https://www.crossref.org/schemas/crossref5.3.1.xsd',
};

export interface DepositRequest {
  year: number;
  volume: number;
  issue: number;
  articles: DepositArticle[];
  settings: SiteSettings;
  origin: string;
  /** When the deposit is written; Crossref orders deposits of the same DOI by it. */
  now: Date;
}

/** '2025-02-14' as Crossref's month, day and year; the issue's year alone when the article has no date. */
function publicationDate(date: string, year: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const parts = match
    ? text('month', match[2]!) + text('day', match[3]!) + text('year', match[1]!)
    : text('year', year);
  return parent('publication_date', parts, { media_type: 'online' });
}

/** Each author's names, affiliation (with the country as its place) and ORCID iD, in the schema's order. */
function personName(author: Author, index: number): string {
  const institution = author.affiliation
    ? parent(
        'affiliations',
        parent(
          'institution',
          text('institution_name', author.affiliation) +
            (author.country ? text('institution_place', author.country) : ''),
        ),
      )
    : '';
  const orcid = author.orcid ? text('ORCID', `https://orcid.org/${author.orcid}`) : '';
  const names = (author.given_name ? text('given_name', author.given_name) : '') + text('surname', author.family_name);
  const role = { sequence: index === 0 ? 'first' : 'additional', contributor_role: 'author' };
  return parent('person_name', names + institution + orcid, role);
}

function contributors(authors: readonly Author[]): string {
  return authors.length ? parent('contributors', authors.map(personName).join('')) : '';
}

function pages(pagenumber: string): string {
  const [first = '', last = ''] = pagenumber.split('-').map((page) => page.trim());
  return first ? parent('pages', text('first_page', first) + (last ? text('last_page', last) : '')) : '';
}

function doiData(article: DepositArticle, origin: string): string {
  const file = articleFileUrl(article);
  const pdf = (property: string, attributes: Record<string, string> = {}) =>
    parent(
      'collection',
      parent('item', text('resource', origin + file, { mime_type: 'application/pdf' }), attributes),
      { property },
    );
  // The PDF serves text mining, and Similarity Check's crawler (iParadigms) reads the same file.
  const collections = file ? pdf('text-mining') + pdf('crawler-based', { crawler: 'iParadigms' }) : '';
  return parent('doi_data', text('doi', article.doi) + text('resource', origin + articlePath(article)) + collections);
}

function journalArticle(article: DepositArticle, { origin, year }: DepositRequest): string {
  const abstract = textOf(article.abstract);
  // The article's own licence: the journal's may have changed since it was published.
  const licence = article.licence_url
    ? parent('ai:program', text('ai:license_ref', article.licence_url), { name: 'AccessIndicators' })
    : '';
  return parent(
    'journal_article',
    parent('titles', text('title', titleText(article.title))) +
      contributors(article.authors) +
      (abstract ? parent('jats:abstract', text('jats:p', abstract)) : '') +
      publicationDate(article.publishdate, year) +
      pages(article.pagenumber) +
      licence +
      doiData(article, origin),
    { publication_type: 'full_text' },
  );
}

function journalMetadata(settings: SiteSettings): string {
  const issns = [
    ['print', settings.issn],
    ['electronic', settings.journal_essn],
  ]
    .filter(([, issn]) => issn)
    .map(([media, issn]) => text('issn', issn!, { media_type: media }))
    .join('');
  // The schema's order: full_title, abbrev_title, issn.
  const abbreviation = settings.journal_abbreviation ? text('abbrev_title', settings.journal_abbreviation) : '';
  return parent('journal_metadata', text('full_title', settings.websitename) + abbreviation + issns, {
    language: 'en',
  });
}

function journalIssue({ year, volume, issue }: DepositRequest): string {
  return parent(
    'journal_issue',
    parent('publication_date', text('year', year), { media_type: 'online' }) +
      parent('journal_volume', text('volume', volume)) +
      text('issue', issue),
  );
}

/**
 * Who deposits and which Crossref member registers the DOIs: the Crossref settings, or while they are empty the
 * publisher (else the journal) and the journal's email. An empty email means no deposit can be made.
 */
export function crossrefDepositor(settings: SiteSettings) {
  const publisher = settings.publisher_name || settings.websitename;
  return {
    name: settings.crossref_depositor_name || publisher,
    email: settings.crossref_depositor_email || settings.websiteemail,
    registrant: settings.crossref_registrant || publisher,
  };
}

/** The whole deposit: head (batch id, timestamp, depositor, registrant) and the journal with its issue and articles. */
export function crossrefDeposit(request: DepositRequest): string {
  const { settings, now, year, volume, issue } = request;
  const depositor = crossrefDepositor(settings);
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 17);
  const head = parent(
    'head',
    text('doi_batch_id', `${year}-${volume}-${issue}-${stamp}`) +
      text('timestamp', stamp) +
      parent('depositor', text('depositor_name', depositor.name) + text('email_address', depositor.email)) +
      text('registrant', depositor.registrant),
  );
  const articles = request.articles.map((article) => journalArticle(article, request)).join('');
  const body = parent('body', parent('journal', journalMetadata(settings) + journalIssue(request) + articles));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${parent('doi_batch', head + body, NAMESPACES)}\n`;
}
