import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { publicOrigin } from '../../http/public-origin.js';
import type { RawArguments } from './oai-arguments.js';
import { OaiService } from './oai.service.js';

/** 'a=1&a=2&b=' -> { a: ['1', '2'], b: '' }: the shape Fastify gives a query string, so both are checked alike. */
function formFields(body: string): RawArguments {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return fields;
}

/** OAI-PMH 2.0 at /oai: GET with a query string, or POST with a form body (protocol §3.1.1). */
export function registerOaiRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = new OaiService(ctx.db, ctx.services.settings);
  const answer = async (request: FastifyRequest, reply: FastifyReply, fields: RawArguments) => {
    const xml = await service.answer(fields, publicOrigin(ctx.config, request));
    return reply.type('text/xml; charset=utf-8').send(xml);
  };
  app.register(async (oai) => {
    // The protocol's requests are query strings and forms; any other body gets 415.
    oai.removeAllContentTypeParsers();
    oai.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, formFields(body as string)));
    // A protocol of its own (answers are XML, errors are protocol errors), so it stays out of the OpenAPI table.
    oai.get('/oai', { schema: { hide: true } }, (request, reply) => answer(request, reply, request.query as RawArguments));
    oai.post('/oai', { schema: { hide: true } }, (request, reply) => answer(request, reply, (request.body as RawArguments | undefined) ?? {}));
  });
}
