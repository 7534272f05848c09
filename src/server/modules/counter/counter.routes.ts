import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAdmin } from '../../auth/auth-plugin.js';
import { notFound } from '../../http/errors.js';
import { publicOrigin } from '../../http/public-origin.js';
import { REPORTS, reportDefinition } from './counter-definitions.js';
import { CounterRefusal } from './counter-exceptions.js';
import { KEY_FAILURE_WINDOW_MS, KEY_FAILURES_PER_ADDRESS, type CounterCustomers } from './counter-keys.service.js';
import { registerCounterKeyRoutes } from './counter-keys.routes.js';
import { THE_WORLD, type Customer } from './counter-report.js';
import { counterQuery, requireParameters, type CounterQuery } from './counter-request.js';
import { TABULAR_TYPE, tabularFileName, tabularReport } from './counter-tabular.js';
import { CounterService } from './counter.service.js';
import type { PublisherCounter } from '../publisher/publisher-counter.js';

const BASE = '/api/counter/r51';
/** A protocol of its own with its own specification (COUNTER_API.json), so it stays out of the OpenAPI table. */
const HIDDEN = { schema: { hide: true } };

/**
 * The platform a request asks: its journal's, or at PUBLISHER_HOST the publisher's, every journal at once
 * (decision 131), each with its own customers' keys.
 */
interface Platform {
  counter(): Promise<CounterService>;
  customers: CounterCustomers;
  /** Whether a journal admin signed in may leave the credentials out (The World): at a journal only. */
  admin: boolean;
}

function platformOf(request: FastifyRequest, publisher: PublisherCounter | undefined): Platform {
  if (publisher && request.atPublisher)
    return { counter: () => publisher.counter(request), customers: publisher.customers, admin: false };
  const { site } = request;
  return {
    counter: async () => new CounterService(await site.services.counterSource(site.journal, publicOrigin(request))),
    customers: site.services.counterKeys,
    admin: isAdmin(request),
  };
}

/** The refusals of credentials that count towards the limit: a customer, requestor or key that is not right. */
const CREDENTIAL_CODES = new Set([2000, 2010, 2011, 2020]);

/**
 * Harvesters sign in with their customer id and API key. A journal admin signed in to the site may leave them out
 * and gets the report for "The World" (every use), which the statistics screen downloads. Wrong credentials are
 * counted per address, as failed sign-ins are, in the database every instance shares. Once over the limit every
 * request with credentials is refused until the window ends, a right key included: were a right key let through,
 * each guess would still be answered (429 wrong, 200 right) and the limit would slow nothing. A right key does not
 * clear the count either, or a customer could guess at another's key between uses of its own.
 */
async function customerOf(request: FastifyRequest, platform: Platform, query: CounterQuery): Promise<Customer> {
  if (!query.customer_id && platform.admin) return THE_WORLD;
  const { customers } = platform;
  const { failures } = customers;
  const wait = await failures.waitFor(request.ip);
  if (wait > 0) throw tooManyRequests(Math.ceil(wait / 1000));
  try {
    return await customers.authenticate(query, new Date());
  } catch (error) {
    if (error instanceof CounterRefusal && CREDENTIAL_CODES.has(error.exception.Code))
      await failures.recordFailure(request.ip);
    throw error;
  }
}

const tooManyRequests = (seconds: number) =>
  new CounterRefusal(
    1020,
    `More than ${KEY_FAILURES_PER_ADDRESS} requests with wrong credentials from this address in ` +
      `${KEY_FAILURE_WINDOW_MS / 60_000} minutes: try again in ${seconds} seconds`,
    seconds,
  );

/** A refused request is answered with its one COUNTER Exception; any other failure as every route answers it. */
function answerRefusal(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof CounterRefusal) {
    if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.code(error.statusCode).send(error.exception);
  }
  throw error;
}

async function answerReport(
  request: FastifyRequest<{ Params: { report: string } }>,
  reply: FastifyReply,
  platform: Platform,
) {
  const definition = reportDefinition(request.params.report.toLowerCase());
  if (!definition)
    throw notFound(
      `This platform provides the COUNTER reports ${Object.keys(REPORTS).join(', ')}, not ${request.params.report}`,
    );
  const query = counterQuery(request.query);
  requireParameters(query, [...(platform.admin ? [] : ['customer_id']), 'begin_date', 'end_date']);
  const customer = await customerOf(request, platform, query);
  const service = await platform.counter();
  const { report, tabular } = await service.report(definition, query, customer, new Date());
  if (!tabular) return report;
  return reply
    .type(TABULAR_TYPE)
    .header('content-disposition', `attachment; filename="${tabularFileName(report.Report_Header)}"`)
    .send(tabularReport(report, definition));
}

/** The paths of the COUNTER API, which the publisher's portal answers too (decision 131). */
export const isCounterPath = (path: string): boolean => path.startsWith(`${BASE}/`);

/**
 * The COUNTER API 5.1 of the request's journal (Code of Practice Release 5.1, section 8; decision 101), and at
 * PUBLISHER_HOST the publisher's, of every journal at once (decision 131).
 */
export function registerCounterRoutes(app: FastifyInstance, publisher: PublisherCounter | undefined): void {
  registerCounterKeyRoutes(app);
  app.register(async (counter) => {
    counter.setErrorHandler(answerRefusal);
    // Answers are made for one customer's credentials, which travel in the query string: no cache may keep them.
    counter.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    // The status is public (section 8.1): no credentials.
    counter.get(`${BASE}/status`, HIDDEN, async (request) => (await platformOf(request, publisher).counter()).status());
    counter.get(`${BASE}/members`, HIDDEN, async (request) => {
      const platform = platformOf(request, publisher);
      const customer = await customerOf(request, platform, counterQuery(request.query));
      return (await platform.counter()).members(customer);
    });
    counter.get(`${BASE}/reports`, HIDDEN, async (request) => {
      const platform = platformOf(request, publisher);
      await customerOf(request, platform, counterQuery(request.query));
      return (await platform.counter()).reportList(new Date());
    });
    counter.get<{ Params: { report: string } }>(`${BASE}/reports/:report`, HIDDEN, (request, reply) =>
      answerReport(request, reply, platformOf(request, publisher)),
    );
  });
}
