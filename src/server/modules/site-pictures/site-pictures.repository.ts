import type { JournalExecutor } from '../../db/database.js';
import type { SitePicturesTable } from '../../db/schema.js';

export const listSitePictures = (db: JournalExecutor): Promise<SitePicturesTable[]> =>
  db.selectFrom('site_pictures').selectAll().execute();

export const findSitePicture = (db: JournalExecutor, kind: string): Promise<SitePicturesTable | undefined> =>
  db.selectFrom('site_pictures').selectAll().where('kind', '=', kind).executeTakeFirst();

export async function saveSitePicture(db: JournalExecutor, picture: SitePicturesTable): Promise<void> {
  await db
    .insertInto('site_pictures')
    .values(picture)
    .onConflict((oc) => oc.column('kind').doUpdateSet({ file: picture.file, updated_at: picture.updated_at }))
    .execute();
}

export async function deleteSitePicture(db: JournalExecutor, kind: string): Promise<void> {
  await db.deleteFrom('site_pictures').where('kind', '=', kind).execute();
}
