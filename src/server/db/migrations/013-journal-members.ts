import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One account per person for the whole installation, and a role per journal (decision 096): `journal_members`
 * gives a user their role (admin or staff) in one journal; `users.publisher` makes a publisher admin, who manages
 * the journals and acts as an admin in every one. Every user of a site made before journals becomes a member of
 * journal 1 with the role they had, and its admins become publisher admins, since they ran the whole site.
 * `users.role` stays as it was and is no longer read.
 */
export function journalMembersMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`ALTER TABLE users ADD COLUMN publisher integer NOT NULL DEFAULT 0`.execute(db);
      await sql`CREATE TABLE journal_members (
        user_id integer NOT NULL REFERENCES users (id),
        journal_id integer NOT NULL DEFAULT 1 REFERENCES journals (id),
        role text NOT NULL CONSTRAINT journal_members_role CHECK (role IN ('admin', 'staff')),
        PRIMARY KEY (journal_id, user_id)
      )`.execute(db);
      await sql`CREATE INDEX journal_members_user ON journal_members (user_id)`.execute(db);
      await sql`INSERT INTO journal_members (user_id, journal_id, role) SELECT id, 1, role FROM users`.execute(db);
      await sql`UPDATE users SET publisher = 1 WHERE role = 'admin'`.execute(db);
    },
  };
}
