import { articlePath, issuePath } from '../../../common/archive-links.js';
import { fullDate } from '../../../common/citation-exports.js';
import { plainName, splitAuthors } from '../../../common/citation.js';
import type { JournalDb } from '../../db/database.js';
import { toPlainText } from '../../storage/sanitize.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  listArticleChangesAfter,
  listIssueChanges,
  listLatestArticles,
  settingsChange,
  type FeedArticleRow,
  type IssueChangeRow,
} from './discovery.repository.js';
import { escapeXml, latest, xmlTimestamp } from './xml.js';

/** sitemaps.org allows 50,000 URLs in one sitemap; above that the sitemap becomes an index of per-year files. */
const SITEMAP_MAX_URLS = 50_000;
/** How many articles the feed lists. */
const FEED_ENTRIES = 50;
/** An entry's summary: the abstract as plain text, cut near this many characters. */
const SUMMARY_MAX_CHARS = 500;
/** Articles read per query while a sitemap is written. */
const ARTICLE_BATCH = 5_000;

/** The public pages that are neither issues nor articles (specification: Public pages; /archives only redirects). */
const STATIC_PAGES = [
  '/',
  '/board',
  '/indexing',
  '/instructions',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-and-conditions',
];

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';
/** The updated time of a feed with no known change: Atom requires one. */
const NO_CHANGE_KNOWN = '1970-01-01T00:00:00Z';

export interface DiscoveryOptions {
  /** Above this many URLs /sitemap.xml becomes a sitemap index (tests lower it). */
  sitemapMaxUrls?: number;
}

const tag = (name: string, text: string | null) => (text === null ? '' : `<${name}>${escapeXml(text)}</${name}>`);
const urlEntry = (loc: string, lastmod: string | null) => `<url>${tag('loc', loc)}${tag('lastmod', lastmod)}</url>\n`;
const issueChange = (row: IssueChangeRow) =>
  xmlTimestamp(latest(row.creation, row.latestModification, row.latestCreation));
const articleChange = (row: { creation: string; modification: string }) =>
  xmlTimestamp(latest(row.modification, row.creation));

/** The abstract as plain text, cut at the end of a sentence, or else of a word, near SUMMARY_MAX_CHARS. */
export function summaryOf(abstractHtml: string): string {
  const text = toPlainText(abstractHtml);
  if (text.length <= SUMMARY_MAX_CHARS) return text;
  const head = text.slice(0, SUMMARY_MAX_CHARS);
  const sentenceEnd = head.lastIndexOf('. ');
  if (sentenceEnd >= SUMMARY_MAX_CHARS / 2) return head.slice(0, sentenceEnd + 1);
  const wordEnd = head.lastIndexOf(' ');
  return `${(wordEnd > 0 ? head.slice(0, wordEnd) : head).replace(/[\s,;:.-]+$/, '')}…`;
}

/** What indexers read: the sitemap (or its index and per-year files) and the Atom feed, written from the database. */
export class DiscoveryService {
  private readonly sitemapMaxUrls: number;

  constructor(
    private readonly db: JournalDb,
    private readonly settings: SettingsService,
    options: DiscoveryOptions = {},
  ) {
    this.sitemapMaxUrls = options.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  }

  /** /sitemap.xml: every page in one sitemap, or above the limit an index of the pages file and one file per year. */
  async sitemap(origin: string): Promise<string> {
    const issues = await listIssueChanges(this.db);
    const urls = STATIC_PAGES.length + issues.length + issues.reduce((sum, row) => sum + row.articles, 0);
    if (urls > this.sitemapMaxUrls) return this.sitemapIndex(origin, issues);
    return this.urlset(origin, issues, await this.staticPageEntries(origin));
  }

  /** /sitemap-pages.xml or /sitemap-{year}.xml, or null when there is no such part. */
  async sitemapPart(origin: string, part: string): Promise<string | null> {
    if (part === 'pages') return this.urlset(origin, [], await this.staticPageEntries(origin), null);
    if (!/^\d{4}$/.test(part)) return null;
    const year = Number(part);
    const issues = await listIssueChanges(this.db, year);
    return issues.length ? this.urlset(origin, issues, '', year) : null;
  }

  private async staticPageEntries(origin: string): Promise<string> {
    const home = xmlTimestamp(await settingsChange(this.db));
    return STATIC_PAGES.map((path) => urlEntry(origin + path, path === '/' ? home : null)).join('');
  }

  private async sitemapIndex(origin: string, issues: IssueChangeRow[]): Promise<string> {
    const yearChanges = new Map<number, string>();
    for (const row of issues) yearChanges.set(row.year, latest(yearChanges.get(row.year), issueChange(row)));
    const entry = (name: string, lastmod: string | null) =>
      `<sitemap>${tag('loc', `${origin}/sitemap-${name}.xml`)}${tag('lastmod', lastmod)}</sitemap>\n`;
    return [
      `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n`,
      entry('pages', xmlTimestamp(await settingsChange(this.db))),
      ...[...yearChanges].map(([year, change]) => entry(String(year), change || null)),
      '</sitemapindex>\n',
    ].join('');
  }

  /**
   * A urlset of the given static page entries, issues, and the published articles of `year` (of every
   * year when undefined, none when null), read from the database a batch at a time.
   */
  private async urlset(
    origin: string,
    issues: IssueChangeRow[],
    staticEntries: string,
    year?: number | null,
  ): Promise<string> {
    const parts = [
      `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}">\n${staticEntries}`,
      issues.map((row) => urlEntry(origin + issuePath(row.year, row.volume, row.issue), issueChange(row))).join(''),
    ];
    if (year !== null) {
      for (let afterId = 0; ;) {
        const rows = await listArticleChangesAfter(this.db, afterId, ARTICLE_BATCH, year);
        if (!rows.length) break;
        parts.push(rows.map((row) => urlEntry(origin + articlePath(row), articleChange(row))).join(''));
        afterId = rows.at(-1)!.id;
      }
    }
    parts.push('</urlset>\n');
    return parts.join('');
  }

  /** /feed.xml: the FEED_ENTRIES most recently published articles as an Atom 1.0 feed. */
  async feed(origin: string): Promise<string> {
    const [settings, articles, settingsChanged] = await Promise.all([
      this.settings.get(),
      listLatestArticles(this.db, FEED_ENTRIES),
      settingsChange(this.db),
    ]);
    const feedUrl = `${origin}/feed.xml`;
    const entries = articles.map((row) => feedEntry(origin, row));
    const updated =
      xmlTimestamp(latest(settingsChanged, ...articles.map((row) => latest(row.modification, row.creation)))) ??
      NO_CHANGE_KNOWN;
    return [
      `${XML_DECLARATION}<feed xmlns="${ATOM_NAMESPACE}" xml:lang="en">\n`,
      `<title type="text">${escapeXml(settings.websitename)}</title>\n`,
      `<subtitle type="text">${escapeXml(`Latest articles of ${settings.websitename}`)}</subtitle>\n`,
      `<link rel="self" type="application/atom+xml" href="${escapeXml(feedUrl)}"/>\n`,
      `<link rel="alternate" type="text/html" href="${escapeXml(`${origin}/`)}"/>\n`,
      `${tag('id', feedUrl)}\n${tag('updated', updated)}\n`,
      `<author>${tag('name', settings.publisher_name || settings.websitename)}</author>\n`,
      ...entries,
      '</feed>\n',
    ].join('');
  }
}

function feedEntry(origin: string, row: FeedArticleRow): string {
  const url = origin + articlePath(row);
  // The article's publication date, as its page and citations give it; when it was added only without one.
  const date = fullDate(row.publishdate);
  const published = date ? `${date}T00:00:00Z` : (xmlTimestamp(row.creation) ?? NO_CHANGE_KNOWN);
  const authors = splitAuthors(row.authorname).map((name) => `<author>${tag('name', plainName(name))}</author>`);
  return [
    '<entry>',
    `<title type="text">${escapeXml(toPlainText(row.title))}</title>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
    tag('id', url),
    tag('published', published),
    tag('updated', articleChange(row) ?? published),
    ...authors,
    `<summary type="text">${escapeXml(summaryOf(row.abstract))}</summary>`,
    '</entry>\n',
  ].join('');
}
