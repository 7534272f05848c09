import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { publicOrigin } from '../../http/public-origin.js';
import { CounterService } from '../counter/counter.service.js';
import { journalAddress } from './portal.js';
import { PublisherCounterKeys, publisherSource } from './publisher-counter.service.js';

/** The publisher's COUNTER API as the `/api/counter/r51/…` routes answer it at PUBLISHER_HOST (decision 131). */
export interface PublisherCounter {
  /** Every journal's usage as one platform, as asked with `request`. */
  counter(request: FastifyRequest): Promise<CounterService>;
  customers: PublisherCounterKeys;
}

/**
 * The publisher's COUNTER API, when the installation has a portal (PUBLISHER_HOST). Every journal is in it, each
 * with its address as the portal links it; a journal without one (the catch-all journal without SITE_URL) with the
 * portal's, so that no usage is left out of the sum.
 */
export function publisherCounter(ctx: Pick<AppContext, 'journals' | 'config' | 'db'>): PublisherCounter | undefined {
  const { PUBLISHER_HOST, PUBLISHER_NAME } = ctx.config;
  if (PUBLISHER_HOST === undefined) return undefined;
  return {
    counter: async (request) => {
      const sources = await Promise.all(
        ctx.journals.all().map((site) => {
          const origin = journalAddress(site, ctx.journals.primaryHost(site.journal.id), request);
          return site.services.counterSource(site.journal, origin ?? publicOrigin(request));
        }),
      );
      return new CounterService(publisherSource(PUBLISHER_NAME, sources));
    },
    customers: new PublisherCounterKeys(ctx.db),
  };
}
