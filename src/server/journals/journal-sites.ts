import type { EachClock, WriteClock } from '../cache/write-clock.js';
import type { InstallationDb, JournalDb } from '../db/database.js';
import type { JournalRow } from '../db/schema.js';
import type { FileStore } from '../storage/file-store.js';
import { JournalHosts, type HostMatch } from './journal-hosts.js';

/**
 * One journal as the server runs it (decision 095): its record, a database handle that sees only its rows
 * (JournalScope), its own write clock, files and services. Nothing of one journal's site reaches another's.
 */
export interface JournalSite<Services = unknown> {
  readonly journal: JournalRow;
  /** The origin of its absolute links when configured (SITE_URL for journal 1, the record's otherwise), else null. */
  readonly origin: string | null;
  readonly db: JournalDb;
  readonly clock: WriteClock;
  readonly files: FileStore;
  readonly services: Services;
}

export type SiteFactory<Services> = (journal: JournalRow) => JournalSite<Services>;

/** A request's journal: its site, and the primary host to send the request to when it named an alias. */
export interface SiteMatch<Services> {
  site: JournalSite<Services>;
  redirectTo: string | null;
}

async function readJournals(db: InstallationDb) {
  const [journals, hosts] = await Promise.all([
    db.selectFrom('journals').selectAll().orderBy('id').execute(),
    db.selectFrom('journal_hosts').selectAll().execute(),
  ]);
  return {
    journals,
    hosts: new JournalHosts(
      journals.map((journal) => journal.id),
      hosts,
    ),
  };
}

/** How often at most a host no journal claims makes the journals be read again (another process may have added one). */
const RELOAD_ON_MISS_MS = 5_000;

/** Every journal of the installation, each site made once; the host of a request picks one. */
export class JournalSites<Services> {
  private readonly sites = new Map<number, JournalSite<Services>>();
  private readonly listeners = new Set<(site: JournalSite<Services>) => void>();
  private reloadedAt = Date.now();
  private reloading: Promise<void> | null = null;

  private constructor(
    private readonly db: InstallationDb,
    private readonly make: SiteFactory<Services>,
    private hosts: JournalHosts,
  ) {}

  static async open<Services>(db: InstallationDb, make: SiteFactory<Services>): Promise<JournalSites<Services>> {
    const { journals, hosts } = await readJournals(db);
    const sites = new JournalSites(db, make, hosts);
    for (const journal of journals) sites.add(journal);
    return sites;
  }

  /** Reads the journals and their hosts again, after one was added or its hosts changed; new journals get a site. */
  async reload(): Promise<void> {
    const { journals, hosts } = await readJournals(this.db);
    this.hosts = hosts;
    for (const journal of journals) if (!this.sites.has(journal.id)) this.add(journal);
    this.reloadedAt = Date.now();
  }

  site(journalId: number): JournalSite<Services> {
    const site = this.sites.get(journalId);
    if (!site) throw new Error(`No journal ${journalId}`);
    return site;
  }

  /** The installation's first journal: the one a site made before journals became. */
  first(): JournalSite<Services> {
    return this.all()[0]!;
  }

  all(): JournalSite<Services>[] {
    return [...this.sites.values()].sort((a, b) => a.journal.id - b.journal.id);
  }

  match(host: string): SiteMatch<Services> | null {
    const found: HostMatch | null = this.hosts.match(host);
    return found && { site: this.site(found.journalId), redirectTo: found.redirectTo };
  }

  /**
   * As `match`, but a host no journal claims makes the journals be read again first (at most every few seconds):
   * a journal added by another worker process or instance answers at its hosts within moments.
   */
  async matchFresh(host: string): Promise<SiteMatch<Services> | null> {
    const found = this.match(host);
    if (found || Date.now() - this.reloadedAt < RELOAD_ON_MISS_MS) return found;
    // Misses that arrive together share one read.
    this.reloading ??= this.reload().finally(() => (this.reloading = null));
    await this.reloading;
    return this.match(host);
  }

  primaryHost(journalId: number): string | null {
    return this.hosts.primaryHost(journalId);
  }

  /** Calls `listener` with every journal's write clock, now and later (the relays between processes). */
  readonly eachClock: EachClock = (listener) => this.eachSite(({ journal, clock }) => listener(journal.id, clock));

  /** Runs `listener` for every site, those there now and those added later (clock relays, render threads). */
  eachSite(listener: (site: JournalSite<Services>) => void): void {
    this.listeners.add(listener);
    for (const site of this.all()) listener(site);
  }

  private add(journal: JournalRow): void {
    const site = this.make(journal);
    this.sites.set(journal.id, site);
    for (const listener of this.listeners) listener(site);
  }
}

/** One `T` per journal, made on first use: the caches, renderers and validators that belong to one journal. */
export function perJournal<T>(make: (journalId: number) => T): (journalId: number) => T {
  const made = new Map<number, T>();
  return (journalId) => {
    if (!made.has(journalId)) made.set(journalId, make(journalId));
    return made.get(journalId)!;
  };
}
