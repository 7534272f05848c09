import type { Executor } from '../db/database.js';
import { FileStore } from './file-store.js';

/** A row that names a stored file. */
export interface FileReference {
  table: 'articles' | 'editors' | 'indexing';
  id: number;
  /** The file's path in the store. */
  path: string;
}

/** Every file the rows name: article PDFs, editors' pictures and indexing images. */
export async function listFileReferences(db: Executor): Promise<FileReference[]> {
  const [articles, editors, indexing] = await Promise.all([
    db.selectFrom('articles').select(['id', 'year', 'volume', 'issue', 'file']).where('file', 'is not', null).where('file', '<>', '').execute(),
    db.selectFrom('editors').select(['id', 'picture']).where('picture', 'is not', null).where('picture', '<>', '').execute(),
    db.selectFrom('indexing').select(['id', 'image']).where('image', '<>', '').execute(),
  ]);
  return [
    ...articles.map((a) => ({ table: 'articles' as const, id: a.id, path: `${FileStore.articleDir(a.year, a.volume, a.issue)}/${a.file}` })),
    ...editors.map((e) => ({ table: 'editors' as const, id: e.id, path: `editors/${e.picture}` })),
    ...indexing.map((i) => ({ table: 'indexing' as const, id: i.id, path: `indexing/${i.image}` })),
  ];
}

/** Articles that no longer have a file: they show no Download link. */
export async function clearArticleFiles(db: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('articles').set({ file: null }).where('id', 'in', ids).execute();
}
