import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../database.js';

/**
 * Staff correct mistakes and see who changed what (decisions 050-052):
 * - `activity_log`: one row per admin or work-log write, saved in the write's transaction;
 * - `issue_moves`: the addresses an issue had before it was renumbered, so they answer 301;
 * - `password_resets`: single-use sign-in links sent by email, stored as hashes, and `users.email` to send them to.
 */
export function correctionsActivityEmailMigration(engine: Engine): Migration {
  const id = engine === 'postgres' ? 'serial' : 'integer';
  const primaryKey = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('activity_log')
        .addColumn('id', id, primaryKey)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('object_type', 'text', (c) => c.notNull())
        .addColumn('object_id', 'integer')
        .addColumn('summary', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('activity_log_user').on('activity_log').columns(['username', 'id']).execute();
      await db.schema.createIndex('activity_log_type').on('activity_log').columns(['object_type', 'id']).execute();
      await db.schema
        .createTable('issue_moves')
        .addColumn('id', id, primaryKey)
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('volume', 'integer', (c) => c.notNull())
        .addColumn('issue', 'integer', (c) => c.notNull())
        .addColumn('issue_id', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('issue_moves_address')
        .on('issue_moves')
        .columns(['year', 'volume', 'issue'])
        .execute();
      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
