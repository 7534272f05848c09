import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { PublicCaching } from '../../public-speed/public-caching.js';
import { publicOrigin } from '../../http/public-origin.js';
import { perSite } from '../../public-speed/public-documents.js';
import type { PublisherRepository } from '../publisher/publisher-oai.js';
import type { RawArguments } from './oai-arguments.js';

/** 'a=1&a=2&b=' -> { a: ['1', '2'], b: '' }: the shape Fastify gives a query string, so both are checked alike. */
function formFields(body: string): RawArguments {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return fields;
}

const OAI_FORM = { coding: 'any', once: false };

/**
 * OAI-PMH 2.0 at /oai: GET with a query string, or POST with a form body (protocol §3.1.1). At PUBLISHER_HOST the
 * publisher's repository answers, holding every journal's records (decision 130).
 */
export function registerOaiRoutes(
  app: FastifyInstance,
  config: Pick<Config, 'PUBLIC_MAX_AGE'>,
  publisher: PublisherRepository | undefined,
): void {
  // Each journal is a repository of its own, its answers validated by its own write clock.
  const cachingOf = perSite(({ clock }) => new PublicCaching(clock, config));
  const repositoryOf = (request: FastifyRequest): PublisherRepository =>
    publisher && request.atPublisher
      ? publisher
      : {
          answer: (fields) => request.site.services.oai.answer(fields, publicOrigin(request)),
          caching: cachingOf(request.site),
        };
  const answer = async (request: FastifyRequest, reply: FastifyReply, fields: RawArguments, onAnswer?: () => void) => {
    const xml = await repositoryOf(request).answer(fields, request);
    onAnswer?.();
    return reply.type('text/xml; charset=utf-8').send(xml);
  };
  /**
   * A harvest by GET may be kept by caches. Its tag is weak: each answer carries its own responseDate, so two
   * answers of one version are equal in meaning, not in bytes. The compress plugin varies them by coding.
   */
  const answerGet = async (request: FastifyRequest, reply: FastifyReply) => {
    const { caching } = repositoryOf(request);
    const data = caching.current();
    if (caching.notModified(request, reply, data, OAI_FORM.coding, { weak: true })) return reply.send();
    return answer(request, reply, request.query as RawArguments, () => caching.mark(reply, data, OAI_FORM, true));
  };
  app.register(async (oai) => {
    // The protocol's requests are query strings and forms; any other body gets 415.
    oai.removeAllContentTypeParsers();
    oai.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, formFields(body as string)),
    );
    // A protocol of its own (answers are XML, errors are protocol errors), so it stays out of the OpenAPI table.
    oai.get('/oai', { schema: { hide: true } }, answerGet);
    oai.post('/oai', { schema: { hide: true } }, (request, reply) =>
      answer(request, reply, (request.body as RawArguments | undefined) ?? {}),
    );
  });
}
