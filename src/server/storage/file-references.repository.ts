import type { JournalExecutor } from '../db/database.js';
import { FileStore } from './file-store.js';

/** A row that names a stored file (`path`, in the store), by its id; a site picture by its kind. */
export type FileReference =
  | { table: 'articles' | 'editors' | 'indexing'; id: number; path: string }
  | { table: 'site_pictures'; id: string; path: string };

/** Every file the rows name: article PDFs, editors' pictures, indexing images and site pictures. */
export async function listFileReferences(db: JournalExecutor): Promise<FileReference[]> {
  const [articles, editors, indexing, sitePictures] = await Promise.all([
    db
      .selectFrom('articles')
      .select(['id', 'year', 'volume', 'issue', 'file'])
      .where('file', 'is not', null)
      .where('file', '<>', '')
      .execute(),
    db
      .selectFrom('editors')
      .select(['id', 'picture'])
      .where('picture', 'is not', null)
      .where('picture', '<>', '')
      .execute(),
    db.selectFrom('indexing').select(['id', 'image']).where('image', '<>', '').execute(),
    db.selectFrom('site_pictures').select(['kind', 'file']).execute(),
  ]);
  return [
    ...articles.map((a) => ({
      table: 'articles' as const,
      id: a.id,
      path: `${FileStore.articleDir(a.year, a.volume, a.issue)}/${a.file}`,
    })),
    ...editors.map((e) => ({ table: 'editors' as const, id: e.id, path: `editors/${e.picture}` })),
    ...indexing.map((i) => ({ table: 'indexing' as const, id: i.id, path: `indexing/${i.image}` })),
    ...sitePictures.map((p) => ({ table: 'site_pictures' as const, id: p.kind, path: `site/${p.file}` })),
  ];
}

/** Articles that no longer have a file: they show no Download link. */
export async function clearArticleFiles(db: JournalExecutor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('articles').set({ file: null }).where('id', 'in', ids).execute();
}
