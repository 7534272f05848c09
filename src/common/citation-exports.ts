/** An article as reference managers read it: CSL-JSON, BibTeX and RIS, all built from one CSL item. */
import { articlePath } from './archive-links.js';
import { authorName, splitAuthors, titleText } from './citation.js';
import { textOf } from './html.js';
import { licenceOf } from './licences.js';
import type { ArticleSummary, PublicArticle } from './schemas/archives.js';
import type { PublicSettings } from './schemas/settings.js';

type Citable = Pick<
  PublicArticle,
  | 'refnumber'
  | 'title'
  | 'authorname'
  | 'abstract'
  | 'keywords'
  | 'pagenumber'
  | 'year'
  | 'volume'
  | 'issue'
  | 'publishdate'
  | 'doi'
  | 'licence_name'
  | 'licence_url'
  | 'authors'
>;
type Journal = Pick<
  PublicSettings,
  'websitename' | 'journal_abbreviation' | 'issn' | 'journal_essn' | 'publisher_name' | 'journal_language'
>;

export interface CslItem {
  id: string;
  type: 'article-journal';
  title: string;
  author: { family: string; given: string }[];
  'container-title': string;
  'container-title-short'?: string;
  /** The same abbreviation under the key Zotero's CSL-JSON import reads. */
  journalAbbreviation?: string;
  volume: string;
  issue: string;
  page: string;
  issued: { 'date-parts': number[][] };
  abstract: string;
  keyword?: string;
  ISSN?: string;
  DOI?: string;
  URL: string;
  publisher?: string;
  license?: string;
  language?: string;
}

/** A stored publication date when it is a whole one (YYYY-MM-DD), else null. */
export const fullDate = (publishdate: string) => (/^\d{4}-\d{2}-\d{2}$/.test(publishdate) ? publishdate : null);

/** '2025-03-14', or the issue's year when the article has no date: the one date every output of an article gives. */
export const publicationDate = (article: Pick<PublicArticle, 'publishdate' | 'year'>) =>
  fullDate(article.publishdate) ?? String(article.year);

/** '2025-03-14' -> [2025, 3, 14]; [year] when the article has no date. */
const dateParts = (article: Citable) => publicationDate(article).split('-').map(Number);

/** 'soil; water, rice' -> ['soil', 'water', 'rice']: keywords are stored as typed, with either separator. */
export const keywordList = (keywords: string) =>
  keywords
    .split(/[,;]/)
    .map((keyword) => keyword.trim())
    .filter(Boolean);

/** The first language of a list such as 'English, Hindi' or 'English; Hindi'. */
export const firstLanguage = (languages: string) => languages.split(/[,;]/)[0]!.trim();

export function cslItem(article: Citable, journal: Journal, origin: string): CslItem {
  const issns = [journal.issn, journal.journal_essn].filter(Boolean);
  const item: CslItem = {
    id: article.refnumber,
    type: 'article-journal',
    title: titleText(article.title),
    author: article.authors.map((author) => ({ family: author.family_name, given: author.given_name })),
    'container-title': journal.websitename,
    volume: String(article.volume),
    issue: String(article.issue),
    page: article.pagenumber,
    issued: { 'date-parts': [dateParts(article)] },
    abstract: textOf(article.abstract),
    URL: origin + articlePath(article),
  };
  if (journal.journal_abbreviation) {
    item['container-title-short'] = journal.journal_abbreviation;
    item.journalAbbreviation = journal.journal_abbreviation;
  }
  // One comma-separated string, which is how Zotero and citeproc read CSL's keyword.
  const keywords = keywordList(article.keywords);
  if (keywords.length) item.keyword = keywords.join(', ');
  if (issns.length) item.ISSN = issns.join(', ');
  if (article.doi) item.DOI = article.doi;
  if (journal.publisher_name) item.publisher = journal.publisher_name;
  const licence = licenceOf(article);
  if (licence) item.license = licence;
  if (journal.journal_language) item.language = firstLanguage(journal.journal_language);
  return item;
}

/** Braces and backslashes would end or break a BibTeX value. */
const bibValue = (text: string) => text.replace(/[\\{}]/g, (char) => `\\${char}`);

/** BibTeX's month macros, written bare (month = feb) as BibTeX styles and Zotero expect. */
const BIBTEX_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export function bibtex(item: CslItem): string {
  const [year, month, day] = item.issued['date-parts'][0]!;
  const fields: [string, string | undefined][] = [
    ['title', item.title],
    ['author', item.author.map((name) => (name.given ? `${name.family}, ${name.given}` : name.family)).join(' and ')],
    ['journal', item['container-title']],
    // biblatex's field, which Zotero's BibTeX import reads as the abbreviation.
    ['shortjournal', item['container-title-short']],
    ['year', String(year)],
    ['month', month ? BIBTEX_MONTHS[month - 1] : undefined],
    ['day', day ? String(day) : undefined],
    ['volume', item.volume],
    ['number', item.issue],
    ['pages', item.page.replace('-', '--')],
    ['issn', item.ISSN],
    ['doi', item.DOI],
    ['url', item.URL],
    ['publisher', item.publisher],
    ['keywords', item.keyword],
    ['abstract', item.abstract],
    ['copyright', item.license],
    ['language', item.language],
  ];
  const lines = fields
    .filter(([, value]) => value)
    .map(([name, value]) => (name === 'month' ? `  month = ${value}` : `  ${name} = {${bibValue(value!)}}`));
  return `@article{ref${item.id},\n${lines.join(',\n')}\n}\n`;
}

export function ris(item: CslItem): string {
  const [first = '', last = ''] = item.page.split('-');
  const date = item.issued['date-parts'][0]!;
  const tags: [string, string | undefined][] = [
    ['TY', 'JOUR'],
    ['TI', item.title],
    ...item.author.map((name): [string, string] => ['AU', name.given ? `${name.family}, ${name.given}` : name.family]),
    // Zotero reads T2 and JF as the journal's title and JO as its abbreviation, so the full title avoids JO.
    ['T2', item['container-title']],
    ['JF', item['container-title']],
    ['J2', item['container-title-short']],
    ['PY', String(date[0])],
    ['DA', date.map((part) => String(part).padStart(2, '0')).join('/')],
    ['VL', item.volume],
    ['IS', item.issue],
    ['SP', first],
    ['EP', last],
    // One line with both ISSNs: Zotero keeps only the first SN line, and reads a list in it.
    ['SN', item.ISSN],
    ['DO', item.DOI],
    ['UR', item.URL],
    ['PB', item.publisher],
    ...keywordList(item.keyword ?? '').map((word): [string, string] => ['KW', word]),
    ['AB', item.abstract],
    ['LA', item.language],
    // CR is the rights field Zotero's RIS import reads.
    ['CR', item.license],
  ];
  const lines = tags.filter(([, value]) => value).map(([tag, value]) => `${tag}  - ${value!.replace(/\s+/g, ' ')}`);
  return [...lines, 'ER  - ', ''].join('\r\n');
}

export const CITE_FORMATS = {
  bib: { type: 'application/x-bibtex; charset=utf-8', write: bibtex },
  ris: { type: 'application/x-research-info-systems; charset=utf-8', write: ris },
  json: {
    type: 'application/vnd.citationstyles.csl+json; charset=utf-8',
    write: (item: CslItem) => JSON.stringify([item], null, 2),
  },
} as const;
export type CiteFormat = keyof typeof CITE_FORMATS;

export const citePath = (refnumber: string, format: CiteFormat) => `/cite/${refnumber}.${format}`;

/** The article's front matter as JATS XML (decision 120), beside its other citation files. */
export const JATS_TYPE = 'application/jats+xml';
export const jatsPath = (refnumber: string) => `/cite/${refnumber}.jats.xml`;

type Listed = Pick<
  ArticleSummary,
  'refnumber' | 'title' | 'authorname' | 'pagenumber' | 'year' | 'volume' | 'issue' | 'doi' | 'publishdate'
>;

/**
 * The OpenURL ContextObject of a COinS span (Z39.88-2004), from which reference managers import a listed article.
 * Zotero reads rft.issn as the ISSN and rft.eissn only without it, and each rft_id (the page, the DOI) apart.
 */
export function coinsTitle(
  article: Listed,
  journal: Pick<PublicSettings, 'websitename' | 'journal_abbreviation' | 'issn' | 'journal_essn' | 'journal_language'>,
  origin: string,
): string {
  const [spage = '', epage = ''] = article.pagenumber.split('-');
  const pairs: [string, string][] = [
    ['ctx_ver', 'Z39.88-2004'],
    ['rft_val_fmt', 'info:ofi/fmt:kev:mtx:journal'],
    ['rft.genre', 'article'],
    ['rft.atitle', titleText(article.title)],
    ['rft.jtitle', journal.websitename],
    ['rft.stitle', journal.journal_abbreviation],
    ['rft.volume', String(article.volume)],
    ['rft.issue', String(article.issue)],
    ['rft.spage', spage],
    ['rft.epage', epage],
    ['rft.date', publicationDate(article)],
    ['rft.issn', journal.issn],
    ['rft.eissn', journal.journal_essn],
    ['rft.language', firstLanguage(journal.journal_language)],
    ...splitAuthors(article.authorname).map((name): [string, string] => {
      const { family, given } = authorName(name);
      return ['rft.au', given ? `${family}, ${given}` : family];
    }),
    ['rft_id', origin + articlePath(article)],
    ['rft_id', article.doi ? `info:doi/${article.doi}` : ''],
  ];
  return pairs
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}
