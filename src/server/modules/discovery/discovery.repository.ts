import type { Executor } from '../../db/database.js';
import { isPublished } from '../archives/archives.repository.js';

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

/** Issues holding at least one published article (of one year, when given), with their articles' latest changes. */
export async function listIssueChanges(db: Executor, year?: number): Promise<IssueChangeRow[]> {
  let query = db
    .selectFrom('issues')
    .innerJoin('articles', (join) =>
      join.onRef('articles.year', '=', 'issues.year').onRef('articles.volume', '=', 'issues.volume').onRef('articles.issue', '=', 'issues.issue'),
    )
    .select(({ fn }) => [
      'issues.year',
      'issues.volume',
      'issues.issue',
      'issues.creation',
      fn.count<number | string>('articles.id').as('articles'),
      fn.max('articles.modification').as('latestModification'),
      fn.max('articles.creation').as('latestCreation'),
    ])
    .where(isPublished)
    .groupBy(['issues.year', 'issues.volume', 'issues.issue', 'issues.creation'])
    .orderBy('issues.year', 'desc')
    .orderBy('issues.volume', 'desc')
    .orderBy('issues.issue', 'desc');
  if (year !== undefined) query = query.where('issues.year', '=', year);
  // PostgreSQL counts in bigint, which its driver hands over as text.
  return (await query.execute()).map((row) => ({ ...row, articles: Number(row.articles) }));
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
export function listArticleChangesAfter(db: Executor, afterId: number, limit: number, year?: number): Promise<ArticleChangeRow[]> {
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
}

/** The most recently published articles, newest first. */
export function listLatestArticles(db: Executor, limit: number): Promise<FeedArticleRow[]> {
  return db
    .selectFrom('articles')
    .select(['id', 'year', 'volume', 'issue', 'refnumber', 'creation', 'modification', 'title', 'authorname', 'abstract'])
    .where(isPublished)
    .orderBy('creation', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** When the site settings (the home page's content) last changed. */
export async function settingsChange(db: Executor): Promise<string | null> {
  return (await db.selectFrom('settings').select('updated_at').executeTakeFirst())?.updated_at ?? null;
}
