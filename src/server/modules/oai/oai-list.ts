import type { Author } from '../../../common/authors.js';
import type { JournalDb } from '../../db/database.js';
import { listAuthorsOf } from '../articles/article-authors.repository.js';
import { datestamp, datestampBound, OaiError, type OaiRequest } from './oai-arguments.js';
import { headerXml, isDeleted, recordXml, type Repository } from './oai-records.js';
import { parentElement, textElement } from './oai-xml.js';
import { countHarvest, listHarvest, type HarvestFilter, type ListKey, type OaiRecordRow } from './oai.repository.js';
import { OAI_PAGE_SIZE } from './resumption-token.js';

export type ListVerb = 'ListIdentifiers' | 'ListRecords';

/** One journal's records as a list reads them: its database handle, and how its records are written. */
export interface HarvestSource {
  db: JournalDb;
  repository: Repository;
}

/** Where a page starts: in which of the list's sources, after which record of it (from its start without one). */
export interface ListStart {
  source: number;
  after: ListKey | null;
}

export interface ListPage {
  /** The page's headers (ListIdentifiers) or records (ListRecords). */
  items: string;
  size: number;
  /** The records from the page's start on, counted now: the page's and those after it. */
  remaining: number;
  /** The last record of the page, when more follow it. */
  next: { source: number; after: ListKey } | null;
}

/** The structured authors of the records that carry metadata (decision 100). */
export function authorsOf(db: JournalDb, rows: OaiRecordRow[]): Promise<Map<number, Author[]>> {
  return listAuthorsOf(
    db,
    rows.filter((row) => !isDeleted(row)).map((row) => row.id),
  );
}

/**
 * A page of a list that runs through its sources in turn (one journal's, or every journal's in the publisher's
 * repository), each in its own order (last change, id): up to a page of records from `start` on, filled from the
 * next sources when one ends. The page's first source is read while every source is counted.
 */
export async function listPage(
  verb: ListVerb,
  sources: HarvestSource[],
  filter: HarvestFilter,
  start: ListStart,
): Promise<ListPage> {
  const afterIn = (source: number) => (source === start.source ? start.after : null);
  const [counts, first] = await Promise.all([
    Promise.all(
      sources.map((source, index) => (index < start.source ? 0 : countHarvest(source.db, filter, afterIn(index)))),
    ),
    listHarvest(sources[start.source]!.db, filter, start.after, OAI_PAGE_SIZE + 1),
  ]);
  const page = first.slice(0, OAI_PAGE_SIZE).map((row) => ({ source: start.source, row }));
  let more = first.length > OAI_PAGE_SIZE;
  for (let index = start.source + 1; index < sources.length && !more; index += 1) {
    if (counts[index] === 0) continue;
    const room = OAI_PAGE_SIZE - page.length;
    const rows = room === 0 ? [] : await listHarvest(sources[index]!.db, filter, null, room + 1);
    page.push(...rows.slice(0, room).map((row) => ({ source: index, row })));
    more = room === 0 || rows.length > room;
  }
  // A resumed list can run dry when its last records changed beyond `until` in the meantime.
  if (page.length === 0) throw new OaiError('noRecordsMatch', 'No records match the request');

  const last = page[page.length - 1]!;
  return {
    items: await itemsXml(verb, sources, page),
    size: page.length,
    remaining: counts.reduce((sum, count) => sum + count, 0),
    next: more ? { source: last.source, after: [last.row.modification, last.row.id] } : null,
  };
}

/** Each record of the page as its own source writes it. */
async function itemsXml(
  verb: ListVerb,
  sources: HarvestSource[],
  page: { source: number; row: OaiRecordRow }[],
): Promise<string> {
  if (verb === 'ListIdentifiers')
    return page.map(({ source, row }) => headerXml(row, sources[source]!.repository)).join('');
  const used = [...new Set(page.map(({ source }) => source))];
  const authors = new Map(
    await Promise.all(
      used.map(async (source) => {
        const rows = page.filter((item) => item.source === source).map(({ row }) => row);
        return [source, await authorsOf(sources[source]!.db, rows)] as const;
      }),
    ),
  );
  return page.map(({ source, row }) => recordXml(row, sources[source]!.repository, authors.get(source)!)).join('');
}

/** The from and until bounds of a new list request, as the stored times are written. */
export function requestBounds(request: OaiRequest): Pick<HarvestFilter, 'from' | 'until'> {
  return {
    from: request.from === undefined ? null : datestampBound(request.from, 'from'),
    until: request.until === undefined ? null : datestampBound(request.until, 'until'),
  };
}

/** Where the next page starts, as its token records it: after the page's last record, with the records sent so far. */
export type NextPage = NonNullable<ListPage['next']> & { cursor: number };

/**
 * The list's element: the page's items, then the resumption token of the next page (`write` makes it), the records
 * sent before this page and the list's size as counted now. A list that fits one page has no token; the last page
 * of a longer one (`resumed`) has an empty token.
 */
export function listXml(
  verb: ListVerb,
  page: ListPage,
  cursor: number,
  resumed: boolean,
  write: (next: NextPage) => { token: string; expires: Date },
): string {
  const written = page.next && write({ ...page.next, cursor: cursor + page.size });
  if (!written && !resumed) return parentElement(verb, page.items);
  const expirationDate = written ? datestamp(written.expires.toISOString()) : undefined;
  const resumption = textElement('resumptionToken', written?.token ?? '', {
    completeListSize: cursor + page.remaining,
    cursor,
    expirationDate,
  });
  return parentElement(verb, page.items + resumption);
}
