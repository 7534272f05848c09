import type { FastifyBaseLogger } from 'fastify';
import type { CachedPage, PageCache } from './page-cache.js';
import type { EncodingRenderer } from './encoded-pages.js';

/** How many of the most read pages are made again after a write (home, newest issues, most read articles). */
export const WARM_PAGES = 16;

/**
 * Makes the most read pages again right after a write has emptied the cache, one after the other, so that the
 * first reader after a write rarely waits for a render. A later write stops a warm-up: the next one starts over.
 */
export class PageWarmer {
  private generation = 0;

  constructor(
    private readonly cache: PageCache,
    private readonly render: EncodingRenderer,
    private readonly log: FastifyBaseLogger,
    private readonly pages = WARM_PAGES,
  ) {
    cache.onClear((hottest) => void this.warm(hottest.filter((page) => page.address).slice(0, this.pages)));
  }

  private async warm(pages: CachedPage[]): Promise<void> {
    const generation = ++this.generation;
    for (const { address } of pages) {
      // Let the write's own answer and the requests already waiting go first.
      await new Promise((resolve) => setImmediate(resolve));
      if (generation !== this.generation) return;
      const key = address!.origin + address!.url;
      if (this.cache.get(key)) continue;
      const version = this.cache.version();
      try {
        const page = await this.render({ ...address!, encoding: null });
        this.cache.set(key, { ...page, address }, version);
      } catch (error) {
        this.log.warn({ err: error, url: address!.url }, 'A page could not be made again after a write');
      }
    }
  }
}
