import { datestamp, OaiError, parseOaiRequest, type OaiRequest, type RawArguments } from './oai-arguments.js';
import { OAI_DC, oaiDocument, parentElement, textElement, type Attributes } from './oai-xml.js';

/**
 * The parts of an answer every repository of the site shares, a journal's and the publisher's: the document around
 * a verb's answer or its error, and the elements whose shape the protocol fixes.
 */

/** The XML answer to a request's arguments: `verbBody` answers the checked request, or throws an OaiError. */
export async function answerOai(
  raw: RawArguments,
  baseUrl: string,
  now: Date,
  verbBody: (request: OaiRequest) => Promise<string>,
): Promise<string> {
  const responseDate = datestamp(now.toISOString());
  let request: OaiRequest | undefined;
  try {
    request = parseOaiRequest(raw);
    return oaiDocument(responseDate, { baseUrl, attributes: echoed(request) }, await verbBody(request));
  } catch (error) {
    if (!(error instanceof OaiError)) throw error;
    // The protocol echoes no arguments when they were the problem.
    const attributes = request && !['badVerb', 'badArgument'].includes(error.code) ? echoed(request) : {};
    return oaiDocument(
      responseDate,
      { baseUrl, attributes },
      textElement('error', error.message, { code: error.code }),
    );
  }
}

/** The request's arguments as the <request> element's attributes; an identifier only when it is a URI. */
function echoed(request: OaiRequest): Attributes {
  const { identifier } = request;
  return { ...request, identifier: identifier !== undefined && URL.canParse(identifier) ? identifier : undefined };
}

/** What Identify says of a repository. */
export interface RepositoryIdentity {
  name: string;
  baseUrl: string;
  adminEmail: string;
  /** The earliest datestamp of any record, as stored. */
  earliest: string;
}

export function identifyXml({ name, baseUrl, adminEmail, earliest }: RepositoryIdentity): string {
  return parentElement(
    'Identify',
    textElement('repositoryName', name) +
      textElement('baseURL', baseUrl) +
      textElement('protocolVersion', '2.0') +
      textElement('adminEmail', adminEmail) +
      textElement('earliestDatestamp', datestamp(earliest)) +
      textElement('deletedRecord', 'persistent') +
      textElement('granularity', 'YYYY-MM-DDThh:mm:ssZ'),
  );
}

/** The one format every repository of the site disseminates. */
export function metadataFormatsXml(): string {
  const format =
    textElement('metadataPrefix', OAI_DC.prefix) +
    textElement('schema', OAI_DC.schema) +
    textElement('metadataNamespace', OAI_DC.namespace);
  return parentElement('ListMetadataFormats', parentElement('metadataFormat', format));
}

export interface OaiSet {
  spec: string;
  name: string;
}

/** ListSets, whole: a repository's sets are few, so the list has no resumption tokens. */
export function setsXml(request: OaiRequest, sets: OaiSet[], noSets: string): string {
  if (request.resumptionToken !== undefined)
    throw new OaiError('badResumptionToken', 'The list of sets comes whole; it has no resumption tokens');
  // An empty ListSets is not valid.
  if (sets.length === 0) throw new OaiError('noSetHierarchy', noSets);
  const elements = sets.map(({ spec, name }) =>
    parentElement('set', textElement('setSpec', spec) + textElement('setName', name)),
  );
  return parentElement('ListSets', elements.join(''));
}

export function requireOaiDc(metadataPrefix: string): void {
  if (metadataPrefix !== OAI_DC.prefix)
    throw new OaiError(
      'cannotDisseminateFormat',
      `This repository disseminates ${OAI_DC.prefix} only, not ${metadataPrefix}`,
    );
}
