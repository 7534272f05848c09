/** GET /api/archives/removed/{ref}: what the address of a withdrawn or deleted article shows (decision 099). */
import { z } from './zod-config.js';

export const articleNoticeSchema = z.object({
  /** withdrawn: the article is still stored but no longer public; removed: it was deleted. */
  kind: z.enum(['withdrawn', 'removed']),
  /** ISO instant: the deletion, or the withdrawn article's last change. */
  removed_at: z.string(),
  refnumber: z.string(),
  /** Sanitised HTML: only i, em, sub and sup. */
  title: z.string(),
  authorname: z.string(),
  /** Without https://doi.org/; '' when the article had none. */
  doi: z.string(),
  year: z.number().int(),
  volume: z.number().int(),
  issue: z.number().int(),
  pagenumber: z.string(),
  publishdate: z.string(),
});
export type ArticleNotice = z.infer<typeof articleNoticeSchema>;
