/** Where a request's host leads: a journal, or that journal's primary host (an alias answers 301 there). */
export type HostMatch = { journalId: number; redirectTo: string | null };

interface HostRow {
  host: string;
  journal_id: number;
  is_primary: number;
}

/** A host name as the table keeps it: lower case, without a port or a final dot. */
export function normalHost(host: string): string {
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return bare.toLowerCase().replace(/\.$/, '');
}

/**
 * The journals' host names, read once and kept until a journal's hosts change (decision 095). A host no journal
 * claims goes to the one journal that claims no host, when there is exactly one: an installation that never
 * configured a host (every single-journal site) answers every host as it always did. Otherwise it leads nowhere.
 */
export class JournalHosts {
  private readonly byHost = new Map<string, HostRow>();
  private readonly primaries = new Map<number, string>();
  private readonly catchAll: number | null;

  constructor(journalIds: readonly number[], rows: readonly HostRow[]) {
    for (const row of rows) {
      this.byHost.set(row.host, row);
      if (row.is_primary) this.primaries.set(row.journal_id, row.host);
    }
    const claiming = new Set(rows.map((row) => row.journal_id));
    const unclaimed = journalIds.filter((id) => !claiming.has(id));
    this.catchAll = unclaimed.length === 1 ? unclaimed[0]! : null;
  }

  match(host: string): HostMatch | null {
    const row = this.byHost.get(normalHost(host));
    if (!row) return this.catchAll === null ? null : { journalId: this.catchAll, redirectTo: null };
    const primary = this.primaries.get(row.journal_id);
    return { journalId: row.journal_id, redirectTo: row.is_primary || !primary ? null : primary };
  }

  primaryHost(journalId: number): string | null {
    return this.primaries.get(journalId) ?? null;
  }
}
