import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { AcrossJournalsHandle } from '../database.js';
import { migrate } from '../migrate.js';
import { initialMigration } from './001-initial.js';
import { openEarlierDatabase } from '../../test/earlier-database.js';

let handle: AcrossJournalsHandle | undefined;
afterEach(() => handle?.db.destroy());

describe('migration 003 (user roles)', () => {
  it('makes the users of an existing database admins, as they were, and refuses an unknown role', async () => {
    handle = openEarlierDatabase();
    const first = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => ({ '001-initial': initialMigration('sqlite') }) },
    });
    expect((await first.migrateToLatest()).error).toBeUndefined();
    await sql`INSERT INTO users (username, name, password_hash, enabled, creation) VALUES ('old', 'Old', 'x', 1, '2024-01-01')`.execute(
      handle.db,
    );

    await migrate(handle);
    const users = handle.db as unknown as Kysely<{ users: { username: string; role: string; token_version: number } }>;
    expect(await users.selectFrom('users').select(['username', 'role', 'token_version']).execute()).toEqual([
      { username: 'old', role: 'admin', token_version: 0 },
    ]);
    // The database refuses an unknown role.
    await expect(users.updateTable('users').set({ role: 'owner' }).execute()).rejects.toThrow(/CHECK constraint/);
  });
});
