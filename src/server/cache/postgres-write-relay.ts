import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { InstallationDb } from '../db/database.js';
import type { EachClock, WriteClock } from './write-clock.js';

export interface RelayOptions {
  url: string;
  /** The PostgreSQL schema the journal lives in (its search path): instances of other schemas hear nothing. */
  pgSchema?: string;
  /** While the listening connection is down, the clock moves on this often, since a notice may have been missed. */
  pollWhileDownMs?: number;
  /** How long to wait before connecting again. */
  reconnectMs?: number;
}

/** The channel of the journal in the connection's schema: journals in other schemas of the database hear nothing. */
async function channelOf(db: InstallationDb): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return `journal_public_data:${rows[0]!.schema}`;
}

/** A notice's text: the instance that wrote and the journal whose public data changed. */
const noticeOf = (instance: string, journalId: number) => `${instance} ${journalId}`;

/** For a script that wrote public data: every instance running on the database reads every journal's again. */
export async function notifyInstances(db: InstallationDb): Promise<void> {
  await sql`select pg_notify(${await channelOf(db)}, 'script')`.execute(db);
}

/**
 * Shares the journals' write clocks between instances on one PostgreSQL database. A change of a journal's public
 * data here is announced with NOTIFY, naming the journal; a notice from another instance moves this one's clock of
 * that journal on, so every instance sees a write within a moment and other journals keep their caches. While the
 * listening connection is down a notice may be missed, so every clock moves on every `pollWhileDownMs` and once
 * more when the connection is back: the only polling left, as a fallback.
 */
export class PostgresWriteRelay {
  private readonly instance = crypto.randomUUID();
  private readonly options: Required<Omit<RelayOptions, 'pgSchema'>> & Pick<RelayOptions, 'pgSchema'>;
  private listener: pg.Client | null = null;
  private channel: string | null = null;
  private poll: NodeJS.Timeout | null = null;
  private reconnect: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly clocks = new Map<number, WriteClock>();
  private readonly unsubscribes: (() => void)[] = [];

  constructor(
    eachClock: EachClock,
    /** Reads the journals again: a notice named one this instance does not know yet (another instance added it). */
    private readonly journalsChanged: () => Promise<void>,
    private readonly db: InstallationDb,
    private readonly log: FastifyBaseLogger,
    options: RelayOptions,
  ) {
    this.options = { pollWhileDownMs: 5_000, reconnectMs: 1_000, ...options };
    eachClock((journalId, clock) => {
      this.clocks.set(journalId, clock);
      const unsubscribe = clock.onChange((origin) => {
        if (origin === 'here') void this.announce(journalId);
      });
      this.unsubscribes.push(unsubscribe);
    });
  }

  /** Connects the listening connection; a failure to connect is logged and retried, never thrown. */
  async start(): Promise<void> {
    this.channel = await channelOf(this.db);
    await this.listen();
  }

  get listening(): boolean {
    return this.listener !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    this.stopPolling();
    if (this.reconnect) clearTimeout(this.reconnect);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.url,
      connectionTimeoutMillis: 3_000,
      ...(this.options.pgSchema ? { options: `-c search_path=${this.options.pgSchema}` } : {}),
    });
    client.on('error', (error) => this.down(client, error));
    client.on('end', () => this.down(client, null));
    client.on('notification', (notice) => {
      if (notice.channel === this.channel) this.heard(notice.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel!)}`);
    } catch (error) {
      this.down(client, error as Error);
      return;
    }
    if (this.stopped) return void client.end().catch(() => {});
    this.listener = client;
    // Whatever was announced while nobody listened is unknown: read everything again.
    if (this.poll) this.everythingChanged();
    this.stopPolling();
  }

  private down(client: pg.Client, error: Error | null): void {
    if (this.listener === client) this.listener = null;
    else if (this.listener !== null || this.reconnect) return; // an old connection's late news
    if (this.stopped) return;
    this.log.warn(
      { err: error ?? undefined },
      'The connection that hears writes of other instances is down; reading public data again every few seconds until it is back',
    );
    client.end().catch(() => {});
    if (!this.poll) this.poll = setInterval(() => this.everythingChanged(), this.options.pollWhileDownMs).unref();
    this.reconnect = setTimeout(() => {
      this.reconnect = null;
      void this.listen();
    }, this.options.reconnectMs).unref();
  }

  private stopPolling(): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
  }

  /**
   * Another instance's write moves that journal's clock on; a script's (or an unreadable notice) every clock; one of
   * a journal not known here makes the journals be read again first.
   */
  private heard(payload: string): void {
    const [instance, journal] = payload.split(' ');
    if (instance === this.instance) return;
    const journalId = Number(journal);
    if (Number.isInteger(journalId) && journalId > 0 && !this.clocks.has(journalId))
      void this.journalsChanged().then(
        () => this.everythingChanged(),
        (error: unknown) => this.log.warn({ err: error }, 'Could not read the journals another instance changed'),
      );
    const clock = journal === undefined ? undefined : this.clocks.get(journalId);
    if (clock) clock.changedElsewhere();
    else this.everythingChanged();
  }

  private everythingChanged(): void {
    for (const clock of this.clocks.values()) clock.changedElsewhere();
  }

  /** Tells the other instances, through the pool: they hear it even while this instance's listener is down. */
  private async announce(journalId: number): Promise<void> {
    if (!this.channel) return;
    const notice = noticeOf(this.instance, journalId);
    await sql`select pg_notify(${this.channel}, ${notice})`.execute(this.db).catch((error: unknown) => {
      this.log.warn({ err: error }, 'Could not tell other instances about a write');
    });
  }
}
