import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Users get a role: existing users become admins, as every user was before. `token_version` is written
 * into each token and raised when the user's password, role or status changes, so older tokens stop working.
 */
export const userRolesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('role', 'text', (c) =>
        c
          .notNull()
          .defaultTo('admin')
          .check(sql`role IN ('admin', 'staff')`),
      )
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
