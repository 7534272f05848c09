import type { ArticleFigures } from '../../../common/schemas/usage.js';
import type { JournalDb } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { articleFigures, findPublishedArticleId } from './usage.repository.js';

const NO_SUCH_ARTICLE = 'No published article has this reference number';

/** The counted use of a journal's published articles, as readers see it (decision 101). */
export class UsageService {
  constructor(private readonly db: JournalDb) {}

  /** The id of the published article `refnumber` names; 404 when none does. */
  async publishedArticleId(refnumber: string): Promise<number> {
    const articleId = await findPublishedArticleId(this.db, refnumber);
    if (articleId === undefined) throw notFound(NO_SUCH_ARTICLE);
    return articleId;
  }

  figures(articleId: number): Promise<ArticleFigures> {
    return articleFigures(this.db, articleId);
  }
}
