import type { JournalDb } from '../../db/database.js';
import type { SettingsService } from '../settings/settings.service.js';
import { OaiError, type OaiRequest, type RawArguments } from './oai-arguments.js';
import { authorsOf, listPage, requestBounds, listXml, type HarvestSource, type ListVerb } from './oai-list.js';
import { answerOai, identifyXml, metadataFormatsXml, requireOaiDc, setsXml, type OaiSet } from './oai-protocol.js';
import { isDeleted, recordXml, refnumberOf, setSpec, volumeName, volumeOf, type Repository } from './oai-records.js';
import { parentElement } from './oai-xml.js';
import { earliestModification, findHarvestArticle, listVolumes, type OaiRecordRow } from './oai.repository.js';
import { readToken, writeToken } from './resumption-token.js';

/**
 * Answers OAI-PMH 2.0 requests (https://www.openarchives.org/OAI/openarchivesprotocol.html) with oai_dc records: a
 * journal's repository at its `/oai`. The publisher's repository asks each journal's for its parts (`repository`,
 * `sets`, `record`, `source`), so a record reads the same in both.
 */
export class OaiService {
  constructor(
    private readonly db: JournalDb,
    private readonly settings: SettingsService,
  ) {}

  /** The XML answer to a request's arguments; `origin` is the site's public origin. */
  async answer(raw: RawArguments, origin: string, now = new Date()): Promise<string> {
    const baseUrl = `${origin}/oai`;
    return answerOai(raw, baseUrl, now, async (request) => {
      const repository = await this.repository(origin, (volume) => [setSpec(volume)]);
      return this.verbBody(request, repository, now);
    });
  }

  /** What the journal's records share when written for `origin`, their headers naming `setSpecs` of their volume. */
  async repository(origin: string, setSpecs: Repository['setSpecs']): Promise<Repository> {
    return { origin, host: new URL(origin).hostname, settings: await this.settings.get(), setSpecs };
  }

  private async verbBody(request: OaiRequest, repository: Repository, now: Date): Promise<string> {
    switch (request.verb) {
      case 'Identify':
        return identifyXml({
          name: repository.settings.websitename,
          baseUrl: `${repository.origin}/oai`,
          adminEmail: repository.settings.websiteemail || `webmaster@${repository.host}`,
          earliest: (await this.earliest()) ?? now.toISOString(),
        });
      case 'ListMetadataFormats':
        return this.metadataFormats(request, repository);
      case 'ListSets':
        return setsXml(request, await this.sets(), 'The journal has no volumes yet, so no sets');
      case 'GetRecord':
        return this.getRecord(request, repository);
      case 'ListIdentifiers':
      case 'ListRecords':
        return this.list(request, repository, now);
    }
  }

  /** The earliest datestamp of the journal's records, as stored; null without any. */
  earliest(): Promise<string | null> {
    return earliestModification(this.db);
  }

  /** One set per volume with an issue that has been published. */
  async sets(): Promise<OaiSet[]> {
    const volumes = await listVolumes(this.db);
    return volumes.map(({ volume, firstYear, lastYear }) => ({
      spec: setSpec(volume),
      name: volumeName(volume, Number(firstYear), Number(lastYear)),
    }));
  }

  /** ListMetadataFormats, for the repository or for one of its items. */
  async metadataFormats(request: OaiRequest, repository: Repository): Promise<string> {
    if (request.identifier !== undefined) {
      const row = await this.record(request.identifier, repository);
      if (isDeleted(row))
        throw new OaiError('noMetadataFormats', 'The item is deleted: no metadata is disseminated for it');
    }
    return metadataFormatsXml();
  }

  async getRecord(request: OaiRequest, repository: Repository): Promise<string> {
    const row = await this.record(request.identifier!, repository);
    requireOaiDc(request.metadataPrefix!);
    return parentElement('GetRecord', recordXml(row, repository, await authorsOf(this.db, [row])));
  }

  /** The record an identifier names, or idDoesNotExist. */
  private async record(identifier: string, repository: Repository): Promise<OaiRecordRow> {
    const refnumber = refnumberOf(identifier, repository.host);
    const row = refnumber === null ? undefined : await findHarvestArticle(this.db, refnumber);
    if (!row) throw new OaiError('idDoesNotExist', `No item has the identifier ${identifier}`);
    return row;
  }

  /** The journal's records, for a list written as `repository` says. */
  source(repository: Repository): HarvestSource {
    return { db: this.db, repository };
  }

  /** ListIdentifiers and ListRecords: a page of the harvest, and a resumption token while more follow. */
  private async list(request: OaiRequest, repository: Repository, now: Date): Promise<string> {
    const verb = request.verb as ListVerb;
    const position = request.resumptionToken === undefined ? null : readToken(request.resumptionToken, verb, now);
    const filter = position
      ? { from: position.from, until: position.until, volume: position.set }
      : { ...requestBounds(request), volume: requestedVolume(request) };
    const page = await listPage(verb, [this.source(repository)], filter, { source: 0, after: position?.after ?? null });
    return listXml(verb, page, position?.cursor ?? 0, position !== null, ({ after, cursor }) =>
      writeToken({ verb, set: filter.volume, from: filter.from, until: filter.until, after, cursor }, now),
    );
  }
}

/** The volume a new list request's set names; an unknown format, or a set that is not a volume, matches nothing. */
function requestedVolume(request: OaiRequest): number | null {
  requireOaiDc(request.metadataPrefix!);
  if (request.set === undefined) return null;
  const volume = volumeOf(request.set);
  if (volume === null) throw new OaiError('noRecordsMatch', `No set is named ${request.set}`);
  return volume;
}
