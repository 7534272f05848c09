import { Migrator, sql, type Migration } from 'kysely';
import type { AcrossJournalsHandle, AnyExecutor, DatabaseHandle } from './database.js';
import { acrossJournals } from './installation-scope.js';
import { initialMigration } from './migrations/001-initial.js';
import { searchIndexPublishedMigration } from './migrations/002-search-index-published.js';
import { userRolesMigration } from './migrations/003-user-roles.js';
import { pendingFileMovesMigration } from './migrations/004-pending-file-moves.js';
import { oaiDatestampsMigration } from './migrations/005-oai-datestamps.js';
import { publishedChangesIndexMigration } from './migrations/006-published-changes-index.js';
import { scholarlyMetadataMigration } from './migrations/007-scholarly-metadata.js';
import { correctionsActivityEmailMigration } from './migrations/008-corrections-activity-email.js';
import { contentPagesMigration } from './migrations/009-content-pages.js';
import { crossrefDepositorMigration } from './migrations/010-crossref-depositor.js';
import { articleFilesIndexMigration } from './migrations/011-article-files-index.js';
import { journalsMigration } from './migrations/012-journals.js';
import { journalMembersMigration } from './migrations/013-journal-members.js';
import { issueStatesMigration } from './migrations/014-issue-states.js';
import { articleTombstonesMigration } from './migrations/015-article-tombstones.js';
import { articleAuthorsMigration } from './migrations/016-article-authors.js';
import { usageStatisticsMigration } from './migrations/017-usage-statistics.js';
import { sharedLimitsMigration } from './migrations/018-shared-limits.js';
import { journalWithoutDefaultMigration } from './migrations/019-journal-without-default.js';
import { certificateNamesMigration } from './migrations/020-certificate-names.js';
import { publisherCounterKeysMigration } from './migrations/021-publisher-counter-keys.js';

/**
 * Brings the schema up to date; runs at every start. `upTo` stops after the named migration (tests make the
 * database of an earlier release with it).
 */
export async function migrate(
  { db: installation, engine }: DatabaseHandle | AcrossJournalsHandle,
  upTo?: string,
): Promise<void> {
  // Migrations change every journal's tables at once.
  const db = acrossJournals(installation);
  const migrations: Record<string, Migration> = {
    '001-initial': initialMigration(engine),
    '002-search-index-published': searchIndexPublishedMigration(engine),
    '003-user-roles': userRolesMigration,
    '004-pending-file-moves': pendingFileMovesMigration(engine),
    '005-oai-datestamps': oaiDatestampsMigration(),
    '006-published-changes-index': publishedChangesIndexMigration(),
    '007-scholarly-metadata': scholarlyMetadataMigration(),
    '008-corrections-activity-email': correctionsActivityEmailMigration(engine),
    '009-content-pages': contentPagesMigration(),
    '010-crossref-depositor': crossrefDepositorMigration(),
    '011-article-files-index': articleFilesIndexMigration(),
    '012-journals': journalsMigration(engine),
    '013-journal-members': journalMembersMigration(),
    '014-issue-states': issueStatesMigration(engine),
    '015-article-tombstones': articleTombstonesMigration(engine),
    '016-article-authors': articleAuthorsMigration(),
    '017-usage-statistics': usageStatisticsMigration(engine),
    '018-shared-limits': sharedLimitsMigration(),
    '019-journal-without-default': journalWithoutDefaultMigration(engine),
    '020-certificate-names': certificateNamesMigration(),
    '021-publisher-counter-keys': publisherCounterKeysMigration(engine),
  };
  const migrationTableSchema = engine === 'postgres' ? await currentSchema(db) : undefined;
  const migrator = new Migrator({ db, migrationTableSchema, provider: { getMigrations: async () => migrations } });
  const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}

/**
 * Kysely looks for its bookkeeping tables in every schema on PostgreSQL unless told which one: a database whose
 * other schema already has them (another instance's, or another test file's) would otherwise skip creating them.
 */
async function currentSchema(db: AnyExecutor): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}
