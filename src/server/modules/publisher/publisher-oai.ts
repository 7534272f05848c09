import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { WriteClock } from '../../cache/write-clock.js';
import { PublicCaching } from '../../public-speed/public-caching.js';
import type { RawArguments } from '../oai/oai-arguments.js';
import { journalAddress } from './portal.js';
import { PublisherOaiService, type RepositoryJournal } from './publisher-oai.service.js';

/** The publisher's OAI-PMH repository as the `/oai` route answers it at PUBLISHER_HOST. */
export interface PublisherRepository {
  answer(fields: RawArguments, request: FastifyRequest): Promise<string>;
  /** Its answers' validators: they follow every journal's data. */
  caching: PublicCaching;
}

/**
 * The version of every journal's public data at once: it moves on whenever a journal's write clock does (in this
 * process or, through the relays, another), and when a journal is added, which adds a set.
 */
function clockOfEveryJournal(journals: AppContext['journals']): WriteClock {
  const every = new WriteClock();
  journals.eachClock((_journalId, clock) => {
    every.changedElsewhere();
    clock.onChange(() => every.changedElsewhere());
  });
  return every;
}

/**
 * The journals the repository holds, as the portal asked with `request` finds them: each with its address (the
 * journal's configured origin, else its primary host). A journal with neither is left out: it answers whatever
 * host no journal claims, so its identifiers name whichever host it is asked at and would not be stable here.
 */
function repositoryJournals(journals: AppContext['journals'], request: FastifyRequest): RepositoryJournal[] {
  return journals.all().flatMap((site) => {
    const origin = journalAddress(site, journals.primaryHost(site.journal.id), request);
    return origin ? [{ id: site.journal.id, origin, oai: site.services.oai }] : [];
  });
}

/** The publisher's repository, when the installation has a portal (PUBLISHER_HOST). */
export function publisherRepository(ctx: Pick<AppContext, 'journals' | 'config'>): PublisherRepository | undefined {
  const { PUBLISHER_HOST, PUBLISHER_NAME } = ctx.config;
  if (PUBLISHER_HOST === undefined) return undefined;
  const service = new PublisherOaiService({ name: PUBLISHER_NAME, host: PUBLISHER_HOST });
  return {
    answer: (fields, request) =>
      service.answer(fields, `${request.protocol}://${request.host}`, repositoryJournals(ctx.journals, request)),
    caching: new PublicCaching(clockOfEveryJournal(ctx.journals), ctx.config),
  };
}
