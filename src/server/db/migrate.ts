import { Migrator, type Migration } from 'kysely';
import type { DatabaseHandle } from './database.js';
import { initialMigration } from './migrations/001-initial.js';
import { searchIndexPublishedMigration } from './migrations/002-search-index-published.js';
import { publishedChangesIndexMigration } from './migrations/003-published-changes-index.js';

/** Brings the schema up to date; runs at every start. */
export async function migrate({ db, engine }: DatabaseHandle): Promise<void> {
  const migrations: Record<string, Migration> = {
    '001-initial': initialMigration(engine),
    '002-search-index-published': searchIndexPublishedMigration(engine),
    '003-published-changes-index': publishedChangesIndexMigration(),
  };
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
