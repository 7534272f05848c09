import type { InstallationDb, InstallationTransaction } from '../../db/database.js';
import type { JournalRow } from '../../db/schema.js';

export interface JournalRecord {
  name: string;
  shortName: string;
  publicOrigin: string;
  /** Host names, the primary first. */
  hosts: string[];
}

/**
 * The journal and its hosts, and what `prepare` writes for it (its settings and pages), in one transaction;
 * resolves to its id.
 */
export async function insertJournal(
  db: InstallationDb,
  journal: JournalRecord,
  prepare: (trx: InstallationTransaction, journalId: number) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('journals')
      .values({
        name: journal.name,
        short_name: journal.shortName,
        public_origin: journal.publicOrigin,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (journal.hosts.length) {
      await trx
        .insertInto('journal_hosts')
        .values(journal.hosts.map((host, index) => ({ host, journal_id: id, is_primary: index === 0 ? 1 : 0 })))
        .execute();
    }
    await prepare(trx, id);
    return id;
  });
}

/** The journal that holds any of `hosts`, if one does. */
export const hostOwner = (db: InstallationDb, hosts: string[]) =>
  db.selectFrom('journal_hosts').select(['host', 'journal_id']).where('host', 'in', hosts).executeTakeFirst();

export const listJournals = (db: InstallationDb): Promise<JournalRow[]> =>
  db.selectFrom('journals').selectAll().orderBy('id').execute();

/** Every journal's host names, each journal's primary first. */
export const listJournalHosts = (db: InstallationDb) =>
  db
    .selectFrom('journal_hosts')
    .select(['host', 'journal_id', 'is_primary'])
    .orderBy('journal_id')
    .orderBy('is_primary', 'desc')
    .orderBy('host')
    .execute();
