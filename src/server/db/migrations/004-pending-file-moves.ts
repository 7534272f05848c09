import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../database.js';

/**
 * The journal of file moves a write has committed to but not yet carried out (decision 013): written in
 * the same transaction as the rows naming the files, so after a crash the server knows which staged
 * files to put in place and which old files to remove.
 */
export function pendingFileMovesMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pending_file_moves')
        .addColumn('id', engine === 'postgres' ? 'serial' : 'integer', (c) =>
          engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
        )
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('remove', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
