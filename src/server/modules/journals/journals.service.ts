import type { Db } from '../../db/database.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { normalHost } from '../../journals/journal-hosts.js';
import { hostOwner, insertJournal, type JournalRecord } from './journals.repository.js';

/** A host name as DNS allows it (letters, digits, hyphens, dots), or an IPv4 address. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export interface NewJournal {
  name: string;
  shortName?: string;
  /** Where its absolute links point, e.g. https://journal2.example.org; empty: each request's host. */
  publicOrigin?: string;
  /** Host names that reach it, the primary first; the others answer 301 to it. */
  hosts: string[];
}

/**
 * The installation's journals (decision 095). A new journal is a row and its hosts; `opened` makes its site (the
 * server's JournalSites) and prepares it (settings named after it), so it answers at its hosts at once.
 */
export class JournalsService {
  constructor(
    private readonly db: Db,
    private readonly opened: (journalId: number, name: string) => Promise<void>,
  ) {}

  async create(input: NewJournal): Promise<number> {
    const record = await this.checked(input);
    const id = await insertJournal(this.db, record);
    await this.opened(id, record.name);
    return id;
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
    if (taken)
      throw new HttpError(409, 'host_taken', `hosts: ${taken.host} already belongs to journal ${taken.journal_id}`);
    return { name, shortName: input.shortName?.trim() ?? '', publicOrigin, hosts };
  }
}
