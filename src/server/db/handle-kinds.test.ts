import { describe, expect, it } from 'vitest';
import { scopedDb } from '../journals/journal-scope.js';
import { listJournals } from '../modules/journals/journals.repository.js';
import { findArticleById } from '../modules/articles/articles.repository.js';
import { acrossJournals } from './installation-scope.js';
import { openDatabase } from './database.js';
import { migrate } from './migrate.js';

// Decision 122: a journal's handle and the installation's are different types. The lines marked @ts-expect-error
// are what must not compile; tsc (npm test's typecheck) fails if any of them does.

describe('the two kinds of database handle', () => {
  it('are told apart by the types, and each reaches what its kind allows at run time', async () => {
    const handle = openDatabase({ sqliteFile: ':memory:' });
    try {
      await migrate(handle);
      const installation = handle.db;
      const journal = scopedDb(installation, 1);

      // @ts-expect-error The installation's handle is not a journal's: a per-journal repository refuses it.
      const refused = () => findArticleById(installation, 1);
      // @ts-expect-error A journal's handle is not the installation's: the journals' repository refuses it.
      const alsoRefused = () => listJournals(journal);
      // @ts-expect-error A journal's handle is not scoped again to the installation's work across journals.
      const notAcross = () => acrossJournals(journal);
      // A transaction keeps the kind of the handle it was begun on.
      await journal.transaction().execute(async (trx) => {
        // @ts-expect-error A journal's transaction is no more the installation's than its handle.
        const trxRefused = () => listJournals(trx);
        void trxRefused;
        expect(await findArticleById(trx, 1)).toBeUndefined();
      });
      void [refused, alsoRefused, notAcross];

      expect(await findArticleById(journal, 1)).toBeUndefined();
      expect((await listJournals(installation)).map((row) => row.id)).toEqual([1]);
    } finally {
      await handle.db.destroy();
    }
  });
});
