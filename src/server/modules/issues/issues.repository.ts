import type { JournalExecutor } from '../../db/database.js';
import type { IssueRow } from '../../db/schema.js';

type IssueNumbers = Pick<IssueRow, 'year' | 'volume' | 'issue'>;

type NewIssue = Pick<IssueRow, 'year' | 'volume' | 'issue' | 'frequency'> &
  Partial<Pick<IssueRow, 'state' | 'publication_date'>>;

export async function insertIssue(db: JournalExecutor, issue: NewIssue): Promise<number> {
  const row = await db
    .insertInto('issues')
    .values({ ...issue, creation: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const findIssue = (
  db: JournalExecutor,
  year: number,
  volume: number,
  issue: number,
): Promise<IssueRow | undefined> =>
  db
    .selectFrom('issues')
    .selectAll()
    .where('year', '=', year)
    .where('volume', '=', volume)
    .where('issue', '=', issue)
    .executeTakeFirst();

export const findIssueById = (db: JournalExecutor, id: number): Promise<IssueRow | undefined> =>
  db.selectFrom('issues').selectAll().where('id', '=', id).executeTakeFirst();

const ISSUE_COLUMNS = [
  'issues.id',
  'issues.year',
  'issues.volume',
  'issues.issue',
  'issues.frequency',
  'issues.creation',
  'issues.state',
  'issues.publish_at',
  'issues.publication_date',
] as const;

/** Every issue, newest first, with the number of its articles of any status and of its enabled ones. */
export async function listIssuesWithCounts(db: JournalExecutor) {
  const rows = await db
    .selectFrom('issues')
    .leftJoin('articles', (join) =>
      join
        .onRef('articles.year', '=', 'issues.year')
        .onRef('articles.volume', '=', 'issues.volume')
        .onRef('articles.issue', '=', 'issues.issue'),
    )
    .select(ISSUE_COLUMNS)
    .select((eb) => [
      eb.fn.count('articles.id').as('articles'),
      eb.fn.count(eb.case().when('articles.status', '=', 'enabled').then(1).end()).as('enabledArticles'),
    ])
    .groupBy(ISSUE_COLUMNS)
    .orderBy('issues.year', 'desc')
    .orderBy('issues.volume', 'desc')
    .orderBy('issues.issue', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, articles: Number(row.articles), enabledArticles: Number(row.enabledArticles) }));
}

/** The row, locked until the transaction ends (see lockArticle). */
export async function lockIssue(trx: JournalExecutor, id: number): Promise<IssueRow | undefined> {
  await trx
    .updateTable('issues')
    .set((eb) => ({ creation: eb.ref('creation') }))
    .where('id', '=', id)
    .execute();
  return findIssueById(trx, id);
}

type IssueNumbersAndFrequency = Pick<IssueRow, 'year' | 'volume' | 'issue' | 'frequency'>;

export async function updateIssue(
  db: JournalExecutor,
  id: number,
  values: Partial<Omit<IssueRow, 'id' | 'creation'>>,
): Promise<void> {
  await db.updateTable('issues').set(values).where('id', '=', id).execute();
}

export async function deleteIssue(db: JournalExecutor, id: number): Promise<void> {
  await db.deleteFrom('issue_moves').where('issue_id', '=', id).execute();
  await db.deleteFrom('issues').where('id', '=', id).execute();
}

/** Articles of any status in the issue. */
export async function countIssueArticles(db: JournalExecutor, at: IssueNumbers, only?: 'enabled'): Promise<number> {
  const row = await db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('year', '=', at.year)
    .where('volume', '=', at.volume)
    .where('issue', '=', at.issue)
    .$if(only === 'enabled', (query) => query.where('status', '=', 'enabled'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The articles of an issue follow its new numbers and frequency. */
export async function moveIssueArticles(
  db: JournalExecutor,
  from: IssueNumbers,
  to: IssueNumbersAndFrequency,
): Promise<void> {
  await db
    .updateTable('articles')
    .set({ year: to.year, volume: to.volume, issue: to.issue, frequency: to.frequency })
    .where('year', '=', from.year)
    .where('volume', '=', from.volume)
    .where('issue', '=', from.issue)
    .execute();
}

/**
 * Gives an issue new numbers, its articles following. Articles name their issue by its numbers (a foreign key
 * that cannot be deferred on PostgreSQL), so the row at the new numbers is added first, the articles moved to it,
 * the old row removed and the new one given the old row's id and creation: the issue keeps its identity.
 */
export async function renumberIssue(
  db: JournalExecutor,
  current: IssueRow,
  to: IssueNumbersAndFrequency,
): Promise<void> {
  const added = await insertIssue(db, to);
  await moveIssueArticles(db, current, to);
  await db.deleteFrom('issues').where('id', '=', current.id).execute();
  await db
    .updateTable('issues')
    .set({
      id: current.id,
      creation: current.creation,
      state: current.state,
      publish_at: current.publish_at,
      publication_date: current.publication_date,
    })
    .where('id', '=', added)
    .execute();
}

/** Keeps the issue's old address, so that it answers 301 to the issue's address now. */
export async function rememberIssueAddress(db: JournalExecutor, old: IssueNumbers, issueId: number): Promise<void> {
  await db
    .insertInto('issue_moves')
    .values({ year: old.year, volume: old.volume, issue: old.issue, issue_id: issueId })
    .execute();
}

/** The issue that once had this address, the latest one when several did. */
export const findMovedIssue = (db: JournalExecutor, at: IssueNumbers): Promise<IssueRow | undefined> =>
  db
    .selectFrom('issue_moves')
    .innerJoin('issues', 'issues.id', 'issue_moves.issue_id')
    .selectAll('issues')
    .where('issue_moves.year', '=', at.year)
    .where('issue_moves.volume', '=', at.volume)
    .where('issue_moves.issue', '=', at.issue)
    .orderBy('issue_moves.id', 'desc')
    .executeTakeFirst();

/**
 * The articles of an issue follow its state (decision 098): public while it is published, with its publication
 * date when it is given; their change time moves on, so harvesters and the sitemap see the change.
 */
export async function setIssueArticlesPublished(
  db: JournalExecutor,
  at: IssueNumbers,
  published: boolean,
  publicationDate: string | null,
): Promise<void> {
  await db
    .updateTable('articles')
    .set({
      issue_published: published ? 1 : 0,
      ...(published ? { issue_ever_published: 1 } : {}),
      ...(publicationDate ? { publishdate: publicationDate } : {}),
      modification: new Date().toISOString(),
    })
    .where('year', '=', at.year)
    .where('volume', '=', at.volume)
    .where('issue', '=', at.issue)
    .execute();
}

/** Scheduled issues whose time has come, at any journal: the scheduler publishes them. */
export async function listDueIssues(db: JournalExecutor, now: string): Promise<number[]> {
  const rows = await db
    .selectFrom('issues')
    .select('id')
    .where('state', '=', 'scheduled')
    .where('publish_at', '<=', now)
    .execute();
  return rows.map((row) => row.id);
}
