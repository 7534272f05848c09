import type { JournalDb } from '../db/database.js';
import type { NewEditor } from '../db/schema.js';

/** An editor for API tests, written straight to the table; contacts derive from the name unless given. */
export async function addEditor(db: JournalDb, name: string, values: Partial<NewEditor> = {}): Promise<number> {
  const now = new Date().toISOString();
  const slug = name.toLowerCase();
  const row = await db
    .insertInto('editors')
    .values({
      name,
      category: 'associate editor',
      post: 'Professor',
      degree: 'Ph.D.',
      content: `University of ${name}`,
      email: `${slug}@uni.example`,
      phone: '+91 90000 00000',
      country: 'India',
      editor_website: `https://profiles.example/${slug}`,
      picture: null,
      status: 'enabled',
      is_pinned: 0,
      creation: now,
      updated_at: now,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
