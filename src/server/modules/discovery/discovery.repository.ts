import type { JournalExecutor } from '../../db/database.js';
import { isPublished } from '../articles/published.js';

/** An issue page in the sitemap: the issue and what changed last among its published articles. */
export interface IssueChangeRow {
  year: number;
  volume: number;
  issue: number;
  creation: string;
  /** How many published articles it holds. */
  articles: number;
  latestModification: string | null;
  latestCreation: string | null;
}

/**
 * Issues holding at least one published article (of one year, when given), newest first, with their
 * articles' latest changes. The articles are grouped first, from the index that holds their places and
 * changes (migration 003), and only then joined to their issues.
 */
export async function listIssueChanges(db: JournalExecutor, year?: number): Promise<IssueChangeRow[]> {
  let changes = db
    .selectFrom('articles')
    .select(({ fn }) => [
      'articles.year',
      'articles.volume',
      'articles.issue',
      fn.countAll<number | string>().as('articles'),
      fn.max('articles.modification').as('latestModification'),
      fn.max('articles.creation').as('latestCreation'),
    ])
    .where(isPublished)
    .groupBy(['articles.year', 'articles.volume', 'articles.issue']);
  if (year !== undefined) changes = changes.where('articles.year', '=', year);
  const rows = await db
    .selectFrom(changes.as('changes'))
    .innerJoin('issues', (join) =>
      join
        .onRef('issues.year', '=', 'changes.year')
        .onRef('issues.volume', '=', 'changes.volume')
        .onRef('issues.issue', '=', 'changes.issue'),
    )
    .select([
      'issues.year',
      'issues.volume',
      'issues.issue',
      'issues.creation',
      'changes.articles',
      'changes.latestModification',
      'changes.latestCreation',
    ])
    .orderBy('issues.year', 'desc')
    .orderBy('issues.volume', 'desc')
    .orderBy('issues.issue', 'desc')
    .execute();
  // PostgreSQL counts in bigint, which its driver hands over as text.
  return rows.map((row) => ({ ...row, articles: Number(row.articles) }));
}

export interface ArticleChangeRow {
  id: number;
  year: number;
  volume: number;
  issue: number;
  refnumber: string;
  creation: string;
  modification: string;
}

/** Published articles (of one year, when given) after `afterId` in id order: the sitemap reads them a batch at a time. */
export function listArticleChangesAfter(
  db: JournalExecutor,
  afterId: number,
  limit: number,
  year?: number,
): Promise<ArticleChangeRow[]> {
  let query = db
    .selectFrom('articles')
    .select(['id', 'year', 'volume', 'issue', 'refnumber', 'creation', 'modification'])
    .where(isPublished)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit);
  if (year !== undefined) query = query.where('year', '=', year);
  return query.execute();
}

export interface FeedArticleRow extends ArticleChangeRow {
  title: string;
  authorname: string;
  abstract: string;
  publishdate: string;
}

/** The most recently published articles, newest first. */
export function listLatestArticles(db: JournalExecutor, limit: number): Promise<FeedArticleRow[]> {
  return db
    .selectFrom('articles')
    .select([
      'id',
      'year',
      'volume',
      'issue',
      'refnumber',
      'creation',
      'modification',
      'title',
      'authorname',
      'abstract',
      'publishdate',
    ])
    .where(isPublished)
    .orderBy('creation', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** When the site settings (the home page's content) last changed. */
export async function settingsChange(db: JournalExecutor): Promise<string | null> {
  return (await db.selectFrom('settings').select('updated_at').executeTakeFirst())?.updated_at ?? null;
}
