/** The arguments of an OAI-PMH request (protocol §3.1 and §4), checked before anything is read. */

export type OaiErrorCode =
  | 'badVerb'
  | 'badArgument'
  | 'badResumptionToken'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch'
  | 'noMetadataFormats'
  | 'noSetHierarchy';

/** A protocol error: answered with HTTP 200 and an <error> element, as the protocol asks. */
export class OaiError extends Error {
  constructor(
    readonly code: OaiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const VERBS = ['Identify', 'ListMetadataFormats', 'ListSets', 'GetRecord', 'ListIdentifiers', 'ListRecords'] as const;
export type Verb = (typeof VERBS)[number];

type ArgumentName = 'identifier' | 'metadataPrefix' | 'from' | 'until' | 'set' | 'resumptionToken';

interface VerbArguments {
  required: ArgumentName[];
  optional: ArgumentName[];
  /** An argument that must come alone (beside the verb). */
  exclusive?: ArgumentName;
}

const LIST: VerbArguments = {
  required: ['metadataPrefix'],
  optional: ['from', 'until', 'set'],
  exclusive: 'resumptionToken',
};
const ARGUMENTS: Record<Verb, VerbArguments> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
  ListIdentifiers: LIST,
  ListRecords: LIST,
};

/** A checked request: the verb and the arguments it was given. */
export type OaiRequest = { verb: Verb } & Partial<Record<ArgumentName, string>>;

/** The schema's patterns for a metadata prefix and a set spec. */
const PREFIX_PATTERN = /^[A-Za-z0-9\-_.!~*'()]+$/;
const SET_PATTERN = /^[A-Za-z0-9\-_.!~*'()]+(:[A-Za-z0-9\-_.!~*'()]+)*$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SECOND = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Arguments as Fastify's query-string and form parsers give them: a repeated name holds an array. */
export type RawArguments = Record<string, string | string[] | undefined>;

const badArgument = (message: string) => new OaiError('badArgument', message);

/** The request, or an OaiError naming the first thing wrong with it. */
export function parseOaiRequest(raw: RawArguments): OaiRequest {
  const verb = raw.verb;
  if (verb === undefined) throw new OaiError('badVerb', 'The verb argument is missing');
  if (Array.isArray(verb)) throw new OaiError('badVerb', 'The verb argument is repeated');
  if (!(VERBS as readonly string[]).includes(verb))
    throw new OaiError('badVerb', `"${verb}" is not a verb of OAI-PMH 2.0`);
  const allowed = ARGUMENTS[verb as Verb];
  const request: OaiRequest = { verb: verb as Verb };
  for (const [name, value] of Object.entries(raw)) {
    if (name === 'verb' || value === undefined) continue;
    if (Array.isArray(value)) throw badArgument(`The ${name} argument is repeated`);
    if (![...allowed.required, ...allowed.optional, allowed.exclusive].includes(name as ArgumentName)) {
      throw badArgument(`${verb} does not take the argument "${name}"`);
    }
    request[name as ArgumentName] = value;
  }
  checkPresence(request, allowed);
  checkValues(request);
  return request;
}

function checkPresence(request: OaiRequest, allowed: VerbArguments): void {
  const given = Object.keys(request).filter((name) => name !== 'verb');
  if (allowed.exclusive && request[allowed.exclusive] !== undefined) {
    if (given.length > 1) throw badArgument(`The ${allowed.exclusive} argument must come alone`);
    return;
  }
  const missing = allowed.required.find((name) => request[name] === undefined);
  if (missing) throw badArgument(`${request.verb} needs the ${missing} argument`);
}

function checkValues(request: OaiRequest): void {
  if (request.metadataPrefix !== undefined && !PREFIX_PATTERN.test(request.metadataPrefix)) {
    throw badArgument('The metadataPrefix argument is not a metadata prefix');
  }
  if (request.set !== undefined && !SET_PATTERN.test(request.set))
    throw badArgument('The set argument is not a set spec');
  const from = request.from === undefined ? undefined : datestampBound(request.from, 'from');
  const until = request.until === undefined ? undefined : datestampBound(request.until, 'until');
  if (from !== undefined && until !== undefined) {
    if (request.from!.length !== request.until!.length)
      throw badArgument('The from and until arguments must have the same granularity');
    if (from > until) throw badArgument('The from argument is later than the until argument');
  }
}

/**
 * The first (from) or last (until) instant a datestamp argument covers, as the stored ISO strings are
 * written (milliseconds, Z), so that strings compare as times do: day and second granularity both work.
 */
export function datestampBound(value: string, end: 'from' | 'until'): string {
  let bound: string;
  if (DAY.test(value)) bound = `${value}T${end === 'from' ? '00:00:00.000' : '23:59:59.999'}Z`;
  else if (SECOND.test(value)) bound = `${value.slice(0, 19)}${end === 'from' ? '.000' : '.999'}Z`;
  else throw badArgument(`The ${end} argument must be a date (YYYY-MM-DD) or a UTC time (YYYY-MM-DDThh:mm:ssZ)`);
  const time = new Date(bound);
  if (Number.isNaN(time.getTime()) || time.toISOString() !== bound)
    throw badArgument(`The ${end} argument is not a real date`);
  return bound;
}

/** Whether `value` is a bound as datestampBound makes it from an argument (a resumption token carries them). */
export function isDatestampBound(value: string, end: 'from' | 'until'): boolean {
  try {
    return datestampBound(datestamp(value), end) === value;
  } catch {
    return false;
  }
}

/** A datestamp of the repository's granularity (seconds) for a stored ISO time. */
export const datestamp = (iso: string) => `${iso.slice(0, 19)}Z`;
