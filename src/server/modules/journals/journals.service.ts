import type { Journal } from '../../../common/schemas/journal.js';
import { uniqueViolation, type InstallationDb, type InstallationTransaction } from '../../db/database.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { normalHost } from '../../journals/journal-hosts.js';
import { hostOwner, insertJournal, listJournalHosts, listJournals, type JournalRecord } from './journals.repository.js';

/** A host name as DNS allows it (letters, digits, hyphens, dots), or an IPv4 address. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

const hostTaken = ({ host, journal_id }: { host: string; journal_id: number }) =>
  new HttpError(409, 'host_taken', `hosts: ${host} already belongs to journal ${journal_id}`);

export interface NewJournal {
  name: string;
  shortName?: string;
  /** Where its absolute links point, e.g. https://journal2.example.org; empty: each request's host. */
  publicOrigin?: string;
  /** Host names that reach it, the primary first; the others answer 301 to it. */
  hosts: string[];
}

/** What makes a new journal whole: `prepare` writes its first rows in the journal's transaction, `opened` runs after. */
export interface NewJournalSteps {
  /** Its settings and pages, through `trx` (a handle of the transaction that inserts the journal). */
  prepare: (trx: InstallationTransaction, journalId: number, name: string) => Promise<void>;
  /** After the commit: the server makes its site, so it answers at its hosts at once. */
  opened: (journalId: number) => Promise<void>;
}

/**
 * The installation's journals (decision 095). A new journal is a row, its hosts and its first rows, written in one
 * transaction, so a failure leaves no journal holding its hosts without settings.
 */
export class JournalsService {
  constructor(
    private readonly db: InstallationDb,
    private readonly steps: NewJournalSteps,
  ) {}

  /** Every journal with its host names (the primary first), by id. */
  async list(): Promise<Journal[]> {
    const [journals, hosts] = await Promise.all([listJournals(this.db), listJournalHosts(this.db)]);
    return journals.map((journal) => ({
      id: journal.id,
      name: journal.name,
      shortName: journal.short_name,
      publicOrigin: journal.public_origin,
      hosts: hosts.filter((row) => row.journal_id === journal.id).map((row) => row.host),
      createdAt: journal.created_at,
    }));
  }

  async create(input: NewJournal): Promise<number> {
    const record = await this.checked(input);
    const prepare = (trx: InstallationTransaction, journalId: number) =>
      this.steps.prepare(trx, journalId, record.name);
    const id = await insertJournal(this.db, record, prepare).catch((error: unknown) =>
      this.takenHost(error, record.hosts),
    );
    await this.steps.opened(id);
    return id;
  }

  /** A host taken between the check and the insert (two journals created at once): the check's 409, not a 500. */
  private async takenHost(error: unknown, hosts: string[]): Promise<never> {
    const taken = uniqueViolation(error) ? await hostOwner(this.db, hosts) : undefined;
    throw taken ? hostTaken(taken) : error;
  }

  private async checked(input: NewJournal): Promise<JournalRecord> {
    const name = input.name.trim();
    if (!name) throw badRequest('name: A journal needs a name');
    const hosts = [...new Set(input.hosts.map(normalHost))];
    if (hosts.length === 0) throw badRequest('hosts: A journal needs at least one host name');
    const bad = hosts.find((host) => !HOST_NAME.test(host));
    if (bad) throw badRequest(`hosts: "${bad}" is not a host name`);
    const publicOrigin = (input.publicOrigin ?? '').trim().replace(/\/+$/, '');
    if (publicOrigin && !/^https?:\/\/[^/?#]+$/.test(publicOrigin)) {
      throw badRequest('publicOrigin: Give an address such as https://journal.example.org');
    }
    const taken = await hostOwner(this.db, hosts);
    if (taken) throw hostTaken(taken);
    return { name, shortName: input.shortName?.trim() ?? '', publicOrigin, hosts };
  }
}
