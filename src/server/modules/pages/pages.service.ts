import {
  CONTENT_PAGES,
  CONTENT_PAGE_SLUGS,
  type ContentPage,
  type ContentPageSlug,
} from '../../../common/schemas/pages.js';
import { UntilNextWrite } from '../../cache/until-next-write.js';
import type { WriteClock } from '../../cache/write-clock.js';
import type { JournalDb } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import { sanitizeRichText, toPlainText } from '../../storage/sanitize.js';
import { recordActivity, type Actor } from '../activity/activity.repository.js';
import { listContentPages, updateContentPage } from './pages.repository.js';

/** Instructions, About, Contact, Privacy Policy and Terms: stored HTML, sanitised like the home content. */
export class ContentPagesService {
  /** Every public page view of these five reads one, so all five are kept until the next write. */
  private readonly pages: UntilNextWrite<ReadonlyMap<ContentPageSlug, ContentPage>>;

  constructor(
    private readonly db: JournalDb,
    private readonly clock: WriteClock,
  ) {
    this.pages = new UntilNextWrite(() => this.read(), clock);
  }

  async get(slug: ContentPageSlug): Promise<ContentPage> {
    return (await this.pages.get()).get(slug)!;
  }

  async list(): Promise<ContentPage[]> {
    const pages = await this.pages.get();
    return CONTENT_PAGE_SLUGS.map((slug) => pages.get(slug)!);
  }

  async save(slug: ContentPageSlug, html: string, actor: Actor): Promise<ContentPage> {
    const content = sanitizeRichText(html);
    if (!toPlainText(content)) throw badRequest('content: Page text is required');
    await this.db.transaction().execute(async (trx) => {
      await updateContentPage(trx, slug, content, new Date().toISOString());
      await recordActivity(trx, actor, {
        action: 'update',
        objectType: 'page',
        objectId: null,
        summary: `Edited the ${slug} page`,
      });
    });
    this.clock.publicDataChanged();
    return this.get(slug);
  }

  /** Stored HTML is sanitised again on the way out, so nothing written around the service reaches a page unchecked. */
  private async read(): Promise<ReadonlyMap<ContentPageSlug, ContentPage>> {
    const rows = await listContentPages(this.db);
    const pages = new Map<ContentPageSlug, ContentPage>();
    for (const row of rows) {
      const slug = row.slug as ContentPageSlug;
      if (slug in CONTENT_PAGES)
        pages.set(slug, {
          slug,
          title: CONTENT_PAGES[slug],
          content: sanitizeRichText(row.content),
          updated_at: row.updated_at,
        });
    }
    return pages;
  }
}
