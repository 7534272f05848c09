import type { Config } from './config.js';
import type { DatabaseOptions, Engine, InstallationDb, JournalDb } from './db/database.js';
import type { TokenService } from './auth/tokens.js';
import type { WriteClock } from './cache/write-clock.js';
import type { FileStore } from './storage/file-store.js';
import type { FastifyBaseLogger } from 'fastify';
import type { JournalSite, JournalSites } from './journals/journal-sites.js';
import type { Mailer } from './email/mailer.js';
import type { FailureThrottle } from './auth/shared-counts.js';
import { createPublicServices } from './public-services.js';
import { PageCache, type PageCacheSpace } from './public-speed/page-cache.js';
import { ActivityService } from './modules/activity/activity.service.js';
import { EmailService } from './modules/email/email.service.js';
import { DashboardService } from './modules/admin/admin.service.js';
import { ArticlesService } from './modules/articles/articles.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { CounterKeysService } from './modules/counter/counter-keys.service.js';
import { journalSource, usageJournalOf } from './modules/counter/counter.service.js';
import { CrossrefService } from './modules/crossref/crossref.service.js';
import { DiscoveryService } from './modules/discovery/discovery.service.js';
import { DoajService } from './modules/doaj/doaj.service.js';
import { ImportService } from './modules/imports/import.service.js';
import { OaiService } from './modules/oai/oai.service.js';
import { StatisticsService } from './modules/statistics/statistics.service.js';
import { UsageService } from './modules/usage/usage.service.js';
import type { JournalRow } from './db/schema.js';
import { PdfService } from './modules/pdf/pdf.service.js';
import type { CreatedAdmin } from './sign-in-notice.js';
import { IssuesService } from './modules/issues/issues.service.js';
import type { JournalsService } from './modules/journals/journals.service.js';
import type { UsageRecorder } from './modules/usage/usage-recorder.js';
import { UsersService } from './modules/users/users.service.js';
import { WorklogService } from './modules/worklog/worklog.service.js';

/** Everything a route module needs, built once at start. */
export interface AppContext {
  config: Config;
  /** The whole installation's database; journal-owned rows are read through a site's scoped handle instead. */
  db: InstallationDb;
  engine: Engine;
  /** How the database was opened; render threads open their own connection with it. */
  databaseOptions: DatabaseOptions;
  tokens: TokenService;
  /** Every journal's site; a request's host picks one (`request.site`). */
  journals: JournalSites<Services>;
  /** The journals' records: a journal created here gets its site at once. */
  journalList: JournalsService;
  /** Counted usage of every journal, gathered in memory and written in batches (decision 101). */
  usage: UsageRecorder;
  /** The first administrator, when this start created the account (printed once the server listens). */
  firstAdmin: CreatedAdmin | null;
}

export type Services = ReturnType<typeof createServices>;
/** One journal as the server runs it: its record, scoped database handle, write clock, files and services. */
export type Site = JournalSite<Services>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The journal the request's host selects (decision 095); every route reads and writes through its site. */
    site: Site;
  }
}

/** What every journal's services share in a process. */
export interface SharedByJournals {
  tokens: TokenService;
  mailer: Mailer | null;
  log: FastifyBaseLogger;
  /** Failed sign-ins, counted in the database every process and instance shares. */
  throttle: FailureThrottle;
  /** Room for the rendered pages of all journals together. */
  pageSpace: PageCacheSpace;
}

/**
 * Every service of one journal, on its scoped handle: the one place they are built. Routes reach them through the
 * request's journal (`request.site.services`) and build none of their own (decision 123).
 */
export function createServices(
  db: JournalDb,
  files: FileStore,
  clock: WriteClock,
  { tokens, mailer, log, throttle, pageSpace }: SharedByJournals,
) {
  const reads = createPublicServices(db, files, clock);
  const { settings } = reads;
  return {
    ...reads,
    /** Rendered public pages, emptied whenever the write clock moves on. */
    pages: new PageCache(clock, pageSpace),
    auth: new AuthService(db, tokens, settings, throttle),
    issues: new IssuesService(db, files, clock),
    articles: new ArticlesService(db, files, clock),
    users: new UsersService(db),
    dashboard: new DashboardService(db),
    worklog: new WorklogService(db),
    pdf: new PdfService(db, settings, clock, reads.sitePictures),
    activity: new ActivityService(db),
    email: new EmailService(db, mailer, settings, log),
    crossref: new CrossrefService(db, settings),
    doaj: new DoajService(db, settings),
    oai: new OaiService(db, settings),
    discovery: new DiscoveryService(db, settings),
    statistics: new StatisticsService(db),
    usage: new UsageService(db),
    counterKeys: new CounterKeysService(db),
    /** The journal's usage as a COUNTER platform asked at `origin`, which names the platform's address in reports. */
    counterSource: async (journal: JournalRow, origin: string) =>
      journalSource(db, usageJournalOf(journal, await settings.get(), origin), origin),
    /** An import, new for each: it keeps what its dry run found sound until it writes. */
    imports: () => new ImportService(db, files, clock),
  };
}
