import type { Author } from '../../../common/authors.js';
import type { Db } from '../../db/database.js';
import { listAuthorsOf } from '../articles/article-authors.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  datestamp,
  datestampBound,
  OaiError,
  parseOaiRequest,
  type OaiRequest,
  type RawArguments,
} from './oai-arguments.js';
import {
  headerXml,
  isDeleted,
  recordXml,
  refnumberOf,
  setSpec,
  volumeName,
  volumeOf,
  type Repository,
} from './oai-records.js';
import { OAI_DC, oaiDocument, parentElement, textElement, type Attributes } from './oai-xml.js';
import {
  countHarvest,
  earliestModification,
  findHarvestArticle,
  listHarvest,
  listVolumes,
  type HarvestFilter,
  type OaiRecordRow,
} from './oai.repository.js';
import { OAI_PAGE_SIZE, readToken, writeToken, type ListPosition } from './resumption-token.js';

/** Answers OAI-PMH 2.0 requests (https://www.openarchives.org/OAI/openarchivesprotocol.html) with oai_dc records. */
export class OaiService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  /** The XML answer to a request's arguments; `origin` is the site's public origin. */
  async answer(raw: RawArguments, origin: string, now = new Date()): Promise<string> {
    const baseUrl = `${origin}/oai`;
    const responseDate = datestamp(now.toISOString());
    let request: OaiRequest | undefined;
    try {
      request = parseOaiRequest(raw);
      const repository: Repository = { origin, host: new URL(origin).hostname, settings: await this.settings.get() };
      const body = await this.verbBody(request, repository, now);
      return oaiDocument(responseDate, { baseUrl, attributes: echoed(request) }, body);
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

  private verbBody(request: OaiRequest, repository: Repository, now: Date): Promise<string> {
    switch (request.verb) {
      case 'Identify':
        return this.identify(repository, now);
      case 'ListMetadataFormats':
        return this.listMetadataFormats(request, repository);
      case 'ListSets':
        return this.listSets(request);
      case 'GetRecord':
        return this.getRecord(request, repository);
      case 'ListIdentifiers':
      case 'ListRecords':
        return this.list(request, repository, now);
    }
  }

  private async identify({ origin, host, settings }: Repository, now: Date): Promise<string> {
    const earliest = (await earliestModification(this.db)) ?? now.toISOString();
    return parentElement(
      'Identify',
      textElement('repositoryName', settings.websitename) +
        textElement('baseURL', `${origin}/oai`) +
        textElement('protocolVersion', '2.0') +
        textElement('adminEmail', settings.websiteemail || `webmaster@${host}`) +
        textElement('earliestDatestamp', datestamp(earliest)) +
        textElement('deletedRecord', 'persistent') +
        textElement('granularity', 'YYYY-MM-DDThh:mm:ssZ'),
    );
  }

  private async listMetadataFormats(request: OaiRequest, repository: Repository): Promise<string> {
    if (request.identifier !== undefined) {
      const row = await this.findRecord(request.identifier, repository);
      if (isDeleted(row))
        throw new OaiError('noMetadataFormats', 'The item is deleted: no metadata is disseminated for it');
    }
    const format =
      textElement('metadataPrefix', OAI_DC.prefix) +
      textElement('schema', OAI_DC.schema) +
      textElement('metadataNamespace', OAI_DC.namespace);
    return parentElement('ListMetadataFormats', parentElement('metadataFormat', format));
  }

  private async listSets(request: OaiRequest): Promise<string> {
    if (request.resumptionToken !== undefined)
      throw new OaiError('badResumptionToken', 'The list of sets comes whole; it has no resumption tokens');
    const volumes = await listVolumes(this.db);
    if (volumes.length === 0) throw new OaiError('noSetHierarchy', 'The journal has no volumes yet, so no sets');
    const sets = volumes.map(({ volume, firstYear, lastYear }) =>
      parentElement(
        'set',
        textElement('setSpec', setSpec(volume)) +
          textElement('setName', volumeName(volume, Number(firstYear), Number(lastYear))),
      ),
    );
    return parentElement('ListSets', sets.join(''));
  }

  private async getRecord(request: OaiRequest, repository: Repository): Promise<string> {
    const row = await this.findRecord(request.identifier!, repository);
    requireOaiDc(request.metadataPrefix!);
    return parentElement('GetRecord', recordXml(row, repository, await this.authorsOf([row])));
  }

  /** The structured authors of the records that carry metadata (decision 100). */
  private authorsOf(rows: OaiRecordRow[]): Promise<Map<number, Author[]>> {
    return listAuthorsOf(
      this.db,
      rows.filter((row) => !isDeleted(row)).map((row) => row.id),
    );
  }

  private async findRecord(identifier: string, repository: Repository) {
    const refnumber = refnumberOf(identifier, repository.host);
    const row = refnumber === null ? undefined : await findHarvestArticle(this.db, refnumber);
    if (!row) throw new OaiError('idDoesNotExist', `No item has the identifier ${identifier}`);
    return row;
  }

  /** ListIdentifiers and ListRecords: a page of the harvest, and a resumption token while more follow. */
  private async list(request: OaiRequest, repository: Repository, now: Date): Promise<string> {
    const verb = request.verb as ListPosition['verb'];
    const position = request.resumptionToken === undefined ? null : readToken(request.resumptionToken, verb, now);
    const filter = position
      ? { from: position.from, until: position.until, volume: position.set }
      : harvestFilter(request);
    const after = position?.after ?? null;
    const cursor = position?.cursor ?? 0;
    const [rows, remaining] = await Promise.all([
      listHarvest(this.db, filter, after, OAI_PAGE_SIZE + 1),
      countHarvest(this.db, filter, after),
    ]);
    const page = rows.slice(0, OAI_PAGE_SIZE);
    // A resumed list can run dry when its last records changed beyond `until` in the meantime.
    if (page.length === 0) throw new OaiError('noRecordsMatch', 'No records match the request');

    const authors = verb === 'ListRecords' ? await this.authorsOf(page) : new Map<number, Author[]>();
    const items = page
      .map((row) => (verb === 'ListRecords' ? recordXml(row, repository, authors) : headerXml(row, repository)))
      .join('');
    const last = page[page.length - 1]!;
    const next: Omit<ListPosition, 'expires'> | null =
      rows.length > OAI_PAGE_SIZE
        ? {
            verb,
            set: filter.volume,
            from: filter.from,
            until: filter.until,
            after: [last.modification, last.id],
            cursor: cursor + page.length,
          }
        : null;
    // A list that fits one page has no token; the last page of a longer one has an empty token.
    const resumption = next || position ? resumptionElement(next, cursor, cursor + remaining, now) : '';
    return parentElement(verb, items + resumption);
  }
}

function resumptionElement(
  next: Omit<ListPosition, 'expires'> | null,
  cursor: number,
  completeListSize: number,
  now: Date,
): string {
  const written = next && writeToken(next, now);
  const expirationDate = written ? datestamp(written.expires.toISOString()) : undefined;
  return textElement('resumptionToken', written?.token ?? '', { completeListSize, cursor, expirationDate });
}

/** The filter of a new list request; an unknown format, or a set that is not a volume, matches nothing. */
function harvestFilter(request: OaiRequest): HarvestFilter {
  requireOaiDc(request.metadataPrefix!);
  const volume = request.set === undefined ? null : volumeOf(request.set);
  if (request.set !== undefined && volume === null)
    throw new OaiError('noRecordsMatch', `No set is named ${request.set}`);
  return {
    from: request.from === undefined ? null : datestampBound(request.from, 'from'),
    until: request.until === undefined ? null : datestampBound(request.until, 'until'),
    volume,
  };
}

function requireOaiDc(metadataPrefix: string): void {
  if (metadataPrefix !== OAI_DC.prefix)
    throw new OaiError(
      'cannotDisseminateFormat',
      `This repository disseminates ${OAI_DC.prefix} only, not ${metadataPrefix}`,
    );
}

/** The request's arguments as the <request> element's attributes; an identifier only when it is a URI. */
function echoed(request: OaiRequest): Attributes {
  const { identifier } = request;
  return { ...request, identifier: identifier !== undefined && URL.canParse(identifier) ? identifier : undefined };
}
