import { z } from 'zod';
import { MAX_RECORD_ID } from '../../../common/constants.js';
import { OaiError, type OaiRequest, type RawArguments } from '../oai/oai-arguments.js';
import { listPage, listXml, requestBounds, type ListVerb } from '../oai/oai-list.js';
import { answerOai, identifyXml, metadataFormatsXml, requireOaiDc, setsXml, type OaiSet } from '../oai/oai-protocol.js';
import { refnumberOf, setSpec, volumeOf, type Repository } from '../oai/oai-records.js';
import type { OaiService } from '../oai/oai.service.js';
import { boundsInOrder, LIST_POSITION_FIELDS, positionTokens } from '../oai/resumption-token.js';

/** A journal as the publisher's repository holds it. */
export interface RepositoryJournal {
  id: number;
  /** Its public origin: its records are written as its own `/oai` writes them there. */
  origin: string;
  oai: OaiService;
}

/** A journal of the repository with what its records share there. */
interface Member {
  id: number;
  oai: OaiService;
  repository: Repository;
}

/** A journal's set: 'journal-2', by its id, which never changes (its name and hosts may). */
const journalSet = (journalId: number) => `journal-${journalId}`;

/** What a set spec of the publisher's repository names: a journal, and one of its volumes or all of them. */
interface SetChoice {
  journal: number;
  volume: number | null;
}

/** 'journal-2' or 'journal-2:vol:12' (a journal's set, then its own volume set), else null. */
function setChoice(spec: string): SetChoice | null {
  const match = /^journal-(\d{1,10})(?::(.+))?$/.exec(spec);
  const journal = Number(match?.[1]);
  if (!match || journal < 1 || journal > MAX_RECORD_ID) return null;
  if (match[2] === undefined) return { journal, volume: null };
  const volume = volumeOf(match[2]);
  return volume === null ? null : { journal, volume };
}

/** A position in the publisher's list: the set asked for, and the journal of the last record sent. */
const publisherPosition = z
  .object({
    ...LIST_POSITION_FIELDS,
    set: z
      .string()
      .refine((spec) => setChoice(spec) !== null)
      .nullable(),
    journal: z.number().int().min(1).max(MAX_RECORD_ID),
  })
  .strict()
  .refine(boundsInOrder);

const tokens = positionTokens(publisherPosition);

/**
 * The publisher's OAI-PMH repository at the portal's `/oai`: every journal's records in one repository, a set per
 * journal and per volume within it. Each record is the one its journal's own repository gives (identifier,
 * datestamp, metadata, deletion), its header naming the publisher's sets; a list runs through the journals in the
 * order of their ids, each in its own order.
 */
export class PublisherOaiService {
  constructor(private readonly publisher: { name: string; host: string }) {}

  /** The XML answer to a request's arguments; `origin` is the portal's, `journals` those with a public origin. */
  answer(raw: RawArguments, origin: string, journals: RepositoryJournal[], now = new Date()): Promise<string> {
    const baseUrl = `${origin}/oai`;
    return answerOai(raw, baseUrl, now, async (request) => {
      const members = await Promise.all(journals.map(memberOf));
      return this.verbBody(
        request,
        baseUrl,
        members.sort((a, b) => a.id - b.id),
        now,
      );
    });
  }

  private async verbBody(request: OaiRequest, baseUrl: string, members: Member[], now: Date): Promise<string> {
    switch (request.verb) {
      case 'Identify':
        return identifyXml({
          name: this.publisher.name,
          baseUrl,
          adminEmail: `webmaster@${this.publisher.host}`,
          earliest: (await earliest(members)) ?? now.toISOString(),
        });
      case 'ListMetadataFormats': {
        if (request.identifier === undefined) return metadataFormatsXml();
        const member = memberOfIdentifier(members, request.identifier);
        return member.oai.metadataFormats(request, member.repository);
      }
      case 'ListSets':
        return setsXml(request, await sets(members), 'The publisher has no journal yet, so no sets');
      case 'GetRecord': {
        const member = memberOfIdentifier(members, request.identifier!);
        return member.oai.getRecord(request, member.repository);
      }
      case 'ListIdentifiers':
      case 'ListRecords':
        return list(request, members, now);
    }
  }
}

async function memberOf({ id, origin, oai }: RepositoryJournal): Promise<Member> {
  const set = journalSet(id);
  return { id, oai, repository: await oai.repository(origin, (volume) => [set, `${set}:${setSpec(volume)}`]) };
}

async function earliest(members: Member[]): Promise<string | null> {
  const dates = await Promise.all(members.map((member) => member.oai.earliest()));
  return dates.filter((date): date is string => date !== null).sort()[0] ?? null;
}

/** Each journal's set, named as the journal is, then its volumes' sets within it. */
async function sets(members: Member[]): Promise<OaiSet[]> {
  const perJournal = await Promise.all(
    members.map(async ({ id, oai, repository }) => {
      const name = repository.settings.websitename;
      const volumes = await oai.sets();
      return [
        { spec: journalSet(id), name },
        ...volumes.map((volume) => ({ spec: `${journalSet(id)}:${volume.spec}`, name: `${name}, ${volume.name}` })),
      ];
    }),
  );
  return perJournal.flat();
}

/** The journal whose identifiers look like this one (its own repository then says whether the item exists). */
function memberOfIdentifier(members: Member[], identifier: string): Member {
  const member = members.find(({ repository }) => refnumberOf(identifier, repository.host) !== null);
  if (!member) throw new OaiError('idDoesNotExist', `No item has the identifier ${identifier}`);
  return member;
}

/** ListIdentifiers and ListRecords through every journal the set holds, and a resumption token while more follow. */
async function list(request: OaiRequest, members: Member[], now: Date): Promise<string> {
  const verb = request.verb as ListVerb;
  const position = request.resumptionToken === undefined ? null : tokens.read(request.resumptionToken, verb, now);
  const set = position ? position.set : requestedSet(request);
  const choice = set === null ? null : setChoice(set)!;
  const filter = position
    ? { from: position.from, until: position.until, volume: choice?.volume ?? null }
    : { ...requestBounds(request), volume: choice?.volume ?? null };
  const chosen = choice ? members.filter(({ id }) => id === choice.journal) : members;
  if (chosen.length === 0)
    throw new OaiError('noRecordsMatch', set ? `No set is named ${set}` : 'No journal has records');
  // A harvest goes on from its last record's journal, or from the next one should that journal be gone.
  const source = position ? chosen.findIndex(({ id }) => id >= position.journal) : 0;
  if (source === -1) throw new OaiError('noRecordsMatch', 'No records match the request');
  const after = position && chosen[source]!.id === position.journal ? position.after : null;

  const page = await listPage(
    verb,
    chosen.map(({ oai, repository }) => oai.source(repository)),
    filter,
    { source, after },
  );
  return listXml(verb, page, position?.cursor ?? 0, position !== null, ({ source, after, cursor }) =>
    tokens.write(
      { verb, set, from: filter.from, until: filter.until, journal: chosen[source]!.id, after, cursor },
      now,
    ),
  );
}

/** The set a new list request names, checked; an unknown format, or a set that is no journal's, matches nothing. */
function requestedSet(request: OaiRequest): string | null {
  requireOaiDc(request.metadataPrefix!);
  if (request.set === undefined) return null;
  if (setChoice(request.set) === null) throw new OaiError('noRecordsMatch', `No set is named ${request.set}`);
  return request.set;
}
