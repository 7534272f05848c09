import type { JournalExecutor } from '../../db/database.js';
import type { AuthorRename } from './author-renames.js';

/**
 * Records names corrected by a save (decision 126). An older name that led to the corrected one now leads to the
 * newest, so every address already sent needs one redirect; a name that is an author's again leads nowhere.
 */
export async function recordAuthorRenames(
  trx: JournalExecutor,
  articleId: number,
  renames: readonly AuthorRename[],
  at: string,
): Promise<void> {
  for (const { old_name, new_name } of renames) {
    await trx
      .updateTable('author_renames')
      .set({ new_name })
      .where('article_id', '=', articleId)
      .where('new_name', '=', old_name)
      .execute();
    await trx
      .insertInto('author_renames')
      .values({ article_id: articleId, old_name, new_name, renamed_at: at })
      .onConflict((oc) => oc.columns(['article_id', 'old_name']).doUpdateSet({ new_name, renamed_at: at }))
      .execute();
    await trx
      .deleteFrom('author_renames')
      .where('article_id', '=', articleId)
      .where((eb) => eb.or([eb('old_name', '=', new_name), eb('old_name', '=', eb.ref('new_name'))]))
      .execute();
  }
}

/** The former names of an article's authors, each with the name it leads to. */
export const findAuthorRenames = (db: JournalExecutor, articleId: number): Promise<AuthorRename[]> =>
  db.selectFrom('author_renames').select(['old_name', 'new_name']).where('article_id', '=', articleId).execute();
