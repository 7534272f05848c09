import type { Database } from './schema.js';

/**
 * Whose rows a table holds (decision 119):
 * - `journal`: one journal's (a `journal_id` column, confined by JournalScope); `moves` says whether
 *   `npm run export-journal` carries it, or why not;
 * - `installation`: every journal's at once (accounts, the journals and their hosts, the work-log, shared limits).
 */
type Owner = { owner: 'journal'; moves: true | string } | { owner: 'installation' };

/**
 * Every table of the schema. A table a migration adds must be named here, or the types do not compile (Database's
 * keys) and `table-owners.api.test.ts` fails (the tables the migrations make on each engine).
 */
export const TABLE_OWNERS = {
  settings: { owner: 'journal', moves: true },
  editors: { owner: 'journal', moves: true },
  indexing: { owner: 'journal', moves: true },
  issues: { owner: 'journal', moves: true },
  articles: { owner: 'journal', moves: true },
  article_authors: { owner: 'journal', moves: true },
  author_renames: { owner: 'journal', moves: true },
  activity_log: { owner: 'journal', moves: true },
  issue_moves: { owner: 'journal', moves: true },
  article_tombstones: { owner: 'journal', moves: true },
  content_pages: { owner: 'journal', moves: true },
  site_pictures: { owner: 'journal', moves: true },
  pending_file_moves: { owner: 'journal', moves: 'a write in flight: an export with any is refused' },
  journal_members: { owner: 'journal', moves: 'memberships name users, who are the installation’s' },
  usage_events: { owner: 'journal', moves: true },
  usage_searches: { owner: 'journal', moves: true },
  counter_api_keys: { owner: 'journal', moves: true },
  users: { owner: 'installation' },
  worklog_entries: { owner: 'installation' },
  password_resets: { owner: 'installation' },
  journals: { owner: 'installation' },
  journal_hosts: { owner: 'installation' },
  failure_counts: { owner: 'installation' },
  usage_clicks: { owner: 'installation' },
  publisher_counter_keys: { owner: 'installation' },
} as const satisfies Record<keyof Database, Owner>;

type Owners = typeof TABLE_OWNERS;
export type JournalTable = { [T in keyof Owners]: Owners[T]['owner'] extends 'journal' ? T : never }[keyof Owners];

/** The tables whose rows belong to one journal: each has `journal_id`. */
export const JOURNAL_TABLES = Object.entries(TABLE_OWNERS)
  .filter(([, { owner }]) => owner === 'journal')
  .map(([table]) => table as JournalTable);
