import type { Executor } from '../../db/database.js';

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
