import {
  OperationNodeTransformer,
  TableNode,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { InstallationDb } from './database.js';
import type { Database } from './schema.js';
import { JOURNAL_TABLES } from './table-owners.js';

const journalTables: ReadonlySet<string> = new Set(JOURNAL_TABLES);

/** A query on a journal's table through a handle that names no journal: it would not know whose rows it touches. */
export class NoJournalInScopeError extends Error {
  constructor(readonly table: string) {
    super(
      `The table ${table} holds one journal's rows, and this database handle names no journal: ` +
        'read and write it through the journal’s handle (scopedDb, or a site’s db)',
    );
  }
}

/** Throws at the first journal table the query names, wherever it is (FROM, a join, a subquery, a reference). */
class JournalTableRefusal extends OperationNodeTransformer {
  protected override transformTable(node: TableNode, queryId?: QueryId): TableNode {
    const name = node.table.identifier.name;
    if (journalTables.has(name)) throw new NoJournalInScopeError(name);
    return super.transformTable(node, queryId);
  }
}

/**
 * The plugin of every handle `openDatabase` returns: the installation's handle reads and writes the installation's
 * tables (accounts, journals, hosts, the work-log, shared limits) and refuses, before anything is sent, a built query
 * that names a journal's table, so that a query which forgot its journal fails instead of reaching every journal's
 * rows or writing into one by default. A journal's handle (scopedDb) takes this plugin's place with its journal's.
 * Raw SQL is not read: only tables it names through `sql.table` are seen.
 */
export class InstallationScope implements ScopePlugin {
  readonly scope = 'installation';
  readonly #refusal = new JournalTableRefusal();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.#refusal.transformNode(args.node, args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** A plugin that says whose rows a handle reaches: the installation's (InstallationScope) or a journal's (JournalScope). */
export interface ScopePlugin extends KyselyPlugin {
  readonly scope: 'installation' | 'journal';
}

const isScope = (plugin: KyselyPlugin): plugin is ScopePlugin => 'scope' in plugin;

/** `db` with `scope` in place of the scope it had; its other plugins stay. */
export function withScope<DB>(db: Kysely<DB>, scope: ScopePlugin | null): Kysely<DB> {
  const plugins = [...db.getExecutor().plugins.filter((plugin) => !isScope(plugin)), ...(scope ? [scope] : [])];
  return plugins.reduce((handle, plugin) => handle.withPlugin(plugin), db.withoutPlugins());
}

/**
 * A handle that reaches every journal's rows at once, for the installation's own work across journals: migrations,
 * and checks of the whole database. Nothing confines or refuses its queries, so no journal's service ever holds one.
 */
export function acrossJournals(db: InstallationDb | Kysely<Database>): Kysely<Database> {
  return withScope(db as unknown as Kysely<Database>, null);
}
