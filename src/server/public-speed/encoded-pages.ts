import type { PageAddress, PageRenderer, RenderedPage } from '../render/page-renderer.js';
import { COMPRESS_FROM_BYTES, compressForOneAnswer, type Encoding } from './compression.js';

export interface PageRequest extends PageAddress {
  /** The encoding to send the page in (null: as it is, e.g. for the page cache, which compresses on its own). */
  encoding: Encoding | null;
}

/** A rendered page as it goes on the wire: compressed when its request asked so and it is large enough. */
export interface EncodedPage extends RenderedPage {
  encoding: Encoding | null;
}

export type EncodingRenderer = (request: PageRequest) => Promise<EncodedPage>;

/**
 * Renders and, for a page sent once, compresses fast in the same thread: render threads so take the compression of
 * first renders off the thread that answers requests.
 */
export function encodingRenderer(render: PageRenderer): EncodingRenderer {
  return async ({ encoding, ...address }) => {
    const page = await render(address);
    if (!encoding || page.location || page.body.length < COMPRESS_FROM_BYTES) return { ...page, encoding: null };
    return { ...page, body: compressForOneAnswer[encoding](page.body), encoding };
  };
}
