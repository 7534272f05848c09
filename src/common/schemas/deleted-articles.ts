import { z } from './zod-config.js';

/** A deleted article an admin can bring back from its tombstone (decision 129): what the tombstone kept. */
export const deletedArticleSchema = z.object({
  id: z.number().int(),
  refnumber: z.string(),
  /** Sanitised HTML: only i, em, sub and sup. */
  title: z.string(),
  authorname: z.string(),
  removed_at: z.string(),
});
export type DeletedArticle = z.infer<typeof deletedArticleSchema>;

/** What a restored article lacks, said when it is back (the tombstone keeps its citation only). */
export const restoredMessage = (refnumber: string) =>
  `Article ${refnumber} is back, switched off: its PDF, abstract, email and transaction id were deleted with it. ` +
  'Add them here, then switch it on.';
export const RESTORE_ISSUE_MISSING_MESSAGE =
  'Its issue no longer exists: add the issue again with the same year, volume and issue, then restore the article.';
export const RESTORE_TITLE_TAKEN_MESSAGE =
  'Another article has been given its title since it was deleted: change that title first.';
