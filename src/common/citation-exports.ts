/** An article as reference managers read it: CSL-JSON, BibTeX and RIS, all built from one CSL item. */
import { articlePath } from './archive-links.js';
import { authorName, splitAuthors, titleText } from './citation.js';
import { textOf } from './html.js';
import type { PublicArticle } from './schemas/archives.js';
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
>;
type Journal = Pick<
  PublicSettings,
  'websitename' | 'issn' | 'journal_essn' | 'publisher_name' | 'licence_url' | 'licence_name' | 'journal_language'
>;

export interface CslItem {
  id: string;
  type: 'article-journal';
  title: string;
  author: { family: string; given: string }[];
  'container-title': string;
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

/** '2025-03-14' -> [2025, 3, 14]; the issue's year when the article has no date. */
const dateParts = (article: Citable) =>
  /^\d{4}-\d{2}-\d{2}$/.test(article.publishdate) ? article.publishdate.split('-').map(Number) : [article.year];

/** The first language of a list such as 'English, Hindi'. */
export const firstLanguage = (languages: string) => languages.split(',')[0]!.trim();

export function cslItem(article: Citable, journal: Journal, origin: string): CslItem {
  const issns = [journal.issn, journal.journal_essn].filter(Boolean);
  const item: CslItem = {
    id: article.refnumber,
    type: 'article-journal',
    title: titleText(article.title),
    author: splitAuthors(article.authorname).map(authorName),
    'container-title': journal.websitename,
    volume: String(article.volume),
    issue: String(article.issue),
    page: article.pagenumber,
    issued: { 'date-parts': [dateParts(article)] },
    abstract: textOf(article.abstract),
    URL: origin + articlePath(article),
  };
  if (article.keywords) item.keyword = article.keywords;
  if (issns.length) item.ISSN = issns.join(', ');
  if (article.doi) item.DOI = article.doi;
  if (journal.publisher_name) item.publisher = journal.publisher_name;
  if (journal.licence_url || journal.licence_name) item.license = journal.licence_url || journal.licence_name;
  if (journal.journal_language) item.language = firstLanguage(journal.journal_language);
  return item;
}

/** Braces and backslashes would end or break a BibTeX value. */
const bibValue = (text: string) => text.replace(/[\\{}]/g, (char) => `\\${char}`);

export function bibtex(item: CslItem): string {
  const fields: [string, string | undefined][] = [
    ['title', item.title],
    ['author', item.author.map((name) => (name.given ? `${name.family}, ${name.given}` : name.family)).join(' and ')],
    ['journal', item['container-title']],
    ['year', String(item.issued['date-parts'][0]![0])],
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
  const lines = fields.filter(([, value]) => value).map(([name, value]) => `  ${name} = {${bibValue(value!)}}`);
  return `@article{ref${item.id},\n${lines.join(',\n')}\n}\n`;
}

export function ris(item: CslItem): string {
  const [first = '', last = ''] = item.page.split('-');
  const date = item.issued['date-parts'][0]!;
  const tags: [string, string | undefined][] = [
    ['TY', 'JOUR'],
    ['TI', item.title],
    ...item.author.map((name): [string, string] => ['AU', name.given ? `${name.family}, ${name.given}` : name.family]),
    ['JO', item['container-title']],
    ['PY', String(date[0])],
    ['DA', date.map((part) => String(part).padStart(2, '0')).join('/')],
    ['VL', item.volume],
    ['IS', item.issue],
    ['SP', first],
    ['EP', last],
    ...(item.ISSN ?? '')
      .split(', ')
      .filter(Boolean)
      .map((issn): [string, string] => ['SN', issn]),
    ['DO', item.DOI],
    ['UR', item.URL],
    ['PB', item.publisher],
    ...(item.keyword ?? '').split(',').map((word): [string, string] => ['KW', word.trim()]),
    ['AB', item.abstract],
    ['LA', item.language],
    ['C1', item.license],
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

type Listed = Pick<PublicArticle, 'title' | 'authorname' | 'pagenumber' | 'year' | 'volume' | 'issue' | 'doi'>;

/** The OpenURL ContextObject of a COinS span (Z39.88-2004), from which reference managers import a listed article. */
export function coinsTitle(
  article: Listed,
  journal: Pick<PublicSettings, 'websitename' | 'issn' | 'journal_essn'>,
): string {
  const [spage = '', epage = ''] = article.pagenumber.split('-');
  const pairs: [string, string][] = [
    ['ctx_ver', 'Z39.88-2004'],
    ['rft_val_fmt', 'info:ofi/fmt:kev:mtx:journal'],
    ['rft.genre', 'article'],
    ['rft.atitle', titleText(article.title)],
    ['rft.jtitle', journal.websitename],
    ['rft.volume', String(article.volume)],
    ['rft.issue', String(article.issue)],
    ['rft.spage', spage],
    ['rft.epage', epage],
    ['rft.date', String(article.year)],
    ['rft.issn', journal.issn || journal.journal_essn],
    ...splitAuthors(article.authorname).map((name): [string, string] => {
      const { family, given } = authorName(name);
      return ['rft.au', given ? `${family}, ${given}` : family];
    }),
    ['rft_id', article.doi ? `info:doi/${article.doi}` : ''],
  ];
  return pairs
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}
