import type { Executor } from '../../db/database.js';
import type { IssueRow } from '../../db/schema.js';

export async function insertIssue(
  db: Executor,
  issue: { year: number; volume: number; issue: number; frequency: string },
): Promise<number> {
  const row = await db
    .insertInto('issues')
    .values({ ...issue, creation: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const findIssue = (db: Executor, year: number, volume: number, issue: number): Promise<IssueRow | undefined> =>
  db
    .selectFrom('issues')
    .selectAll()
    .where('year', '=', year)
    .where('volume', '=', volume)
    .where('issue', '=', issue)
    .executeTakeFirst();

/** Every issue, newest first, with the number of its articles of any status. */
export async function listIssuesWithCounts(db: Executor) {
  const rows = await db
    .selectFrom('issues')
    .leftJoin('articles', (join) =>
      join
        .onRef('articles.year', '=', 'issues.year')
        .onRef('articles.volume', '=', 'issues.volume')
        .onRef('articles.issue', '=', 'issues.issue'),
    )
    .select(['issues.id', 'issues.year', 'issues.volume', 'issues.issue', 'issues.frequency', 'issues.creation'])
    .select((eb) => eb.fn.count('articles.id').as('articles'))
    .groupBy(['issues.id', 'issues.year', 'issues.volume', 'issues.issue', 'issues.frequency', 'issues.creation'])
    .orderBy('issues.year', 'desc')
    .orderBy('issues.volume', 'desc')
    .orderBy('issues.issue', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, articles: Number(row.articles) }));
}
