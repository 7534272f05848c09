import type { ArticleNotice } from '../../../common/schemas/article-notice.js';
import type { DeletedArticle } from '../../../common/schemas/deleted-articles.js';
import { SharedMemo, UntilNextWriteByKey } from '../../cache/until-next-write.js';
import type { WriteClock } from '../../cache/write-clock.js';
import type { JournalDb } from '../../db/database.js';
import { sanitizeTitle } from '../../storage/sanitize.js';
import { isReferenceNumber } from '../archives/archives.service.js';
import type { Actor } from '../activity/activity.repository.js';
import { isPublishedRow } from '../articles/published.js';
import { deletedArticles, restoreArticle } from './article-restore.js';
import {
  findArticleForNotice,
  findTombstone,
  wasPublished,
  type CitationRow,
  type NoticeArticleRow,
} from './tombstones.repository.js';

/**
 * Notices a thread remembers until the next write, for all its journals together (decision 104): an old DOI link may
 * be followed often.
 */
const rememberedNotices = new SharedMemo<ArticleNotice | null>(64);

const toNotice = (row: CitationRow, kind: ArticleNotice['kind'], removedAt: string): ArticleNotice => ({
  kind,
  removed_at: removedAt,
  refnumber: row.refnumber,
  title: sanitizeTitle(row.title),
  authorname: row.authorname,
  doi: row.doi,
  year: row.year,
  volume: row.volume,
  issue: row.issue,
  pagenumber: row.pagenumber,
  publishdate: row.publishdate,
});

/** Readers have seen it, and it is not published now. */
const isWithdrawn = (row: NoticeArticleRow): boolean => wasPublished(row) && !isPublishedRow(row);

/** What the address of an article that is no longer public shows (decision 099). */
export class TombstonesService {
  private readonly notices: UntilNextWriteByKey<string, ArticleNotice | null>;

  constructor(
    private readonly db: JournalDb,
    private readonly clock: WriteClock,
  ) {
    this.notices = new UntilNextWriteByKey(clock, rememberedNotices);
  }

  /** The published articles deleted from an issue, which an admin can restore. */
  deletedFromIssue(year: number, volume: number, issue: number): Promise<DeletedArticle[]> {
    return deletedArticles(this.db, { year, volume, issue });
  }

  /** Brings a deleted published article back, switched off (decision 129); the public data changes once. */
  async restore(tombstoneId: number, actor: Actor): Promise<{ id: number; refnumber: string }> {
    const restored = await restoreArticle(this.db, tombstoneId, actor);
    this.clock.publicDataChanged();
    return restored;
  }

  /**
   * The notice of a withdrawn article (published once, not now: disabled, or its issue a draft again; dated by its
   * last change) or of a deleted one (its tombstone); null for a published article, one never published, or none.
   */
  notice(refnumber: string): Promise<ArticleNotice | null> {
    if (!isReferenceNumber(refnumber)) return Promise.resolve(null);
    return this.notices.get(refnumber, async () => {
      const article = await findArticleForNotice(this.db, refnumber);
      if (article)
        return isWithdrawn(article) ? toNotice(article, 'withdrawn', article.modification || article.creation) : null;
      const tombstone = await findTombstone(this.db, refnumber);
      return tombstone ? toNotice(tombstone, 'removed', tombstone.removed_at) : null;
    });
  }
}
