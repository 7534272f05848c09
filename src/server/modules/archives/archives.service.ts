import { articleFileUrl, issuePath } from '../../../common/archive-links.js';
import type { ArticleRecord, ArticleSummary, PublicArticle, YearGroup } from '../../../common/schemas/archives.js';
import { SharedMemo, UntilNextWrite, UntilNextWriteByKey } from '../../cache/until-next-write.js';
import type { WriteClock } from '../../cache/write-clock.js';
import type { JournalDb } from '../../db/database.js';
import type { ArticleRow } from '../../db/schema.js';
import { sanitizeRichText, sanitizeTitle } from '../../storage/sanitize.js';
import { authorsOrLine, withoutEmail, type Author } from '../../../common/authors.js';
import { yearGroupLists, type YearGroupLists } from '../../../common/year-groups.js';
import { findAuthors } from '../articles/article-authors.repository.js';
import { findArticleById, findPublishedArticlesByFile } from '../articles/articles.repository.js';
import { isPublishedRow } from '../articles/published.js';
import { findIssue, findMovedIssue } from '../issues/issues.repository.js';
import {
  findPublicArticleByRef,
  listPublishedArticlesOfIssue,
  listPublishedIssues,
  type ArticlePlace,
  type IssueListRow,
  type PublicArticleRow,
} from './archives.repository.js';

/**
 * Stored HTML is sanitised again on the way out (docs/security.md, Output). An issue's list passes the issue as
 * `place`.
 */
export const toSummary = (row: IssueListRow, place: ArticlePlace): ArticleSummary => ({
  id: row.id,
  refnumber: row.refnumber,
  title: sanitizeTitle(row.title),
  authorname: row.authorname,
  subject: row.subject,
  country: row.country,
  pagenumber: row.pagenumber,
  year: place.year,
  volume: place.volume,
  issue: place.issue,
  frequency: place.frequency,
  file: row.file,
  doi: row.doi,
  publishdate: row.publishdate,
});

const toPublicArticle = (row: PublicArticleRow, authors: Author[] | undefined): PublicArticle => ({
  ...toSummary(row, row),
  authors: authorsOrLine(authors, row).map(withoutEmail),
  abstract: sanitizeRichText(row.abstract),
  keywords: row.keywords,
  status: row.status,
  licence_name: row.licence_name,
  licence_url: row.licence_url,
});

/** Every field of an article but the derived search columns, for a signed-in administrator. */
export function toArticleRecord(row: ArticleRow, authors: Author[] | undefined): ArticleRecord {
  const { title_key: _key, abstract_text: _text, ...fields } = row;
  return {
    ...fields,
    ...toPublicArticle(row, authors),
    authors: authorsOrLine(authors, row),
    description: sanitizeTitle(row.description),
  };
}

/** Reference numbers are numeric (specification: Validation rules), so nothing else is looked up. */
export const isReferenceNumber = (value: string) => /^\d{1,40}$/.test(value);

/**
 * Issues' article lists remembered by a thread, for all its journals together (decision 104). Readers mostly open the
 * latest few issues; 32 lists of about 40 articles stay under a few megabytes.
 */
const rememberedIssues = new SharedMemo<ArticleSummary[] | null>(32);
/** Published articles remembered by a thread, for all its journals together: an article page reads its article on every render. */
const rememberedArticles = new SharedMemo<PublicArticle | null>(256);

/** Public reads of issues and articles. */
export class ArchivesService {
  /** The year groups sit beside every issue and article page, so they are kept until the next write. */
  private readonly yearGroupsMemo: UntilNextWrite<YearGroup[]>;
  /**
   * Archive pages list most groups closed to their title (decision 107): made once per write rather than on every
   * render, where a hundred short-lived groups a page were promoted to the old generation (decision 106).
   */
  private readonly yearGroupListsMemo: UntilNextWrite<YearGroupLists>;
  /** An issue's list is read again for every page render of the issue, so recent ones are kept too. */
  private readonly issueArticlesMemo: UntilNextWriteByKey<string, ArticleSummary[] | null>;
  /** Recently read published articles, handed out as the same objects until the next write. */
  private readonly publicArticleMemo: UntilNextWriteByKey<string, PublicArticle | null>;

  constructor(
    private readonly db: JournalDb,
    clock: WriteClock,
  ) {
    this.yearGroupsMemo = new UntilNextWrite(() => this.loadYearGroups(), clock);
    this.yearGroupListsMemo = new UntilNextWrite(async () => yearGroupLists(await this.yearGroups()), clock);
    this.issueArticlesMemo = new UntilNextWriteByKey(clock, rememberedIssues);
    this.publicArticleMemo = new UntilNextWriteByKey(clock, rememberedArticles);
  }

  yearGroups(): Promise<YearGroup[]> {
    return this.yearGroupsMemo.get();
  }

  yearGroupLists(): Promise<YearGroupLists> {
    return this.yearGroupListsMemo.get();
  }

  /** One group per year and volume, newest first, listing the issues that have published articles. */
  private async loadYearGroups(): Promise<YearGroup[]> {
    const groups: YearGroup[] = [];
    for (const row of await listPublishedIssues(this.db)) {
      let group = groups.at(-1);
      if (!group || group.year !== row.year || group.volume !== row.volume) {
        group = { year: row.year, volume: row.volume, total_issues: 0, issue_month: {}, issues: [] };
        groups.push(group);
      }
      group.total_issues += 1;
      group.issues.push(row.issue);
      if (row.frequency) group.issue_month[row.issue] = row.frequency;
    }
    return groups;
  }

  /**
   * Published articles of an issue by first page, or null when there is no such issue. The same list
   * comes back until the next write; it is never changed once loaded.
   */
  issueArticles(year: number, volume: number, issue: number): Promise<ArticleSummary[] | null> {
    return this.issueArticlesMemo.get(`${year}/${volume}/${issue}`, () => this.loadIssueArticles(year, volume, issue));
  }

  private async loadIssueArticles(year: number, volume: number, issue: number): Promise<ArticleSummary[] | null> {
    const frequency = await this.issueFrequency(year, volume, issue);
    if (frequency === null) return null;
    const rows = await listPublishedArticlesOfIssue(this.db, year, volume, issue);
    // The issue's own frequency is the one its page title shows.
    const place = { year, volume, issue, frequency };
    return rows.map((row) => toSummary(row, place));
  }

  /** An issue's frequency, or null when readers have no such issue. The year groups already know every published issue. */
  private async issueFrequency(year: number, volume: number, issue: number): Promise<string | null> {
    const group = (await this.yearGroups()).find((candidate) => candidate.year === year && candidate.volume === volume);
    if (group?.issues.includes(issue)) return group.issue_month[issue] ?? '';
    // A published issue without articles yet has its page; a draft or scheduled one has none (decision 098).
    const found = await findIssue(this.db, year, volume, issue);
    return found?.state === 'published' ? found.frequency : null;
  }

  /** The address now of an issue that was renumbered away from this one (decision 050), or null. */
  async movedIssuePath(year: number, volume: number, issue: number): Promise<string | null> {
    const moved = await findMovedIssue(this.db, { year, volume, issue });
    return moved ? issuePath(moved.year, moved.volume, moved.issue) : null;
  }

  /**
   * Where a published article's PDF is now, asked for at an address it left (it was moved, or its issue renumbered):
   * the PDF answers 301 like its page (decision 099). Null when no single published article has that file elsewhere.
   */
  async movedArticleFile(year: number, volume: number, issue: number, file: string): Promise<string | null> {
    const rows = await findPublishedArticlesByFile(this.db, file);
    const row = rows.length === 1 ? rows[0]! : null;
    if (!row || (row.year === year && row.volume === volume && row.issue === issue)) return null;
    return articleFileUrl(row);
  }

  async publicArticleByRef(refnumber: string): Promise<PublicArticle | null> {
    if (!isReferenceNumber(refnumber)) return null;
    return this.publicArticleMemo.get(refnumber, async () => {
      const row = await findPublicArticleByRef(this.db, refnumber);
      return isPublishedRow(row) ? toPublicArticle(row, await findAuthors(this.db, row.id)) : null;
    });
  }

  /** An administrator sees any article with every field; anyone else only a published one. */
  async articleById(id: number, asAdmin: boolean): Promise<ArticleRecord | PublicArticle | null> {
    const row = await findArticleById(this.db, id);
    if (!row) return null;
    if (!asAdmin && !isPublishedRow(row)) return null;
    const authors = await findAuthors(this.db, id);
    return asAdmin ? toArticleRecord(row, authors) : toPublicArticle(row, authors);
  }
}
