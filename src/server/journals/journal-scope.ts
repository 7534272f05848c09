import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  DefaultInsertValueNode,
  IdentifierNode,
  ListNode,
  OnNode,
  OperationNodeTransformer,
  OperatorNode,
  ParensNode,
  PrimitiveValueListNode,
  ReferenceNode,
  SelectAllNode,
  SelectionNode,
  SelectQueryNode,
  TableNode,
  UnaryOperationNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
  type ColumnUpdateNode,
  type DeleteQueryNode,
  type InsertQueryNode,
  type JoinNode,
  type Kysely,
  type MergeQueryNode,
  type OnConflictNode,
  type OperationNode,
  type PluginTransformQueryArgs,
  type QueryExecutor,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type UpdateQueryNode,
} from 'kysely';
import type {
  InstallationDb,
  InstallationExecutor,
  InstallationTransaction,
  JournalDb,
  JournalExecutor,
  JournalTransaction,
} from '../db/database.js';
import { withScope, type ScopePlugin } from '../db/installation-scope.js';
import type { Database } from '../db/schema.js';
import { JOURNAL_TABLES } from '../db/table-owners.js';

const journalTables: ReadonlySet<string> = new Set(JOURNAL_TABLES);
const JOURNAL_ID = 'journal_id';

/**
 * A Kysely plugin that confines every query built on its handle to one journal's rows, so that isolation holds by
 * construction instead of by a `where journal_id = ?` remembered in each repository query:
 * - SELECT/UPDATE/DELETE: `<alias or table>.journal_id = <id>` is ANDed into WHERE for each journal-owned table in
 *   FROM, the UPDATE/DELETE target, UPDATE ... FROM and DELETE ... USING; into a JOIN's ON for a joined one (a LEFT
 *   JOIN keeps its rows), into WHERE for a cross join. Subqueries, CTEs and `exists (...)` are scoped alike.
 * - INSERT: every row gets `journal_id = <id>`; naming another journal's id throws. ON CONFLICT (columns) gets
 *   `journal_id` added, since unique keys are per journal. INSERT ... SELECT gets the id as a literal column.
 * - `set journal_id = ...` throws: rows never move between journals through a scoped handle.
 * - What cannot be proven to stay in the journal throws: INSERT OR REPLACE / REPLACE (may delete another journal's
 *   row on a global key), MERGE, INSERT of raw SQL or `select *`.
 *
 * Raw SQL (`sql\`...\``) is not rewritten: raw SQL that reads or writes a journal table must filter by the journal
 * itself, using `JournalScope.of(db)` for the id. Tables not in JOURNAL_TABLES (users, journals, ...) pass untouched.
 * It takes the place of the installation's scope (InstallationScope), which refuses journal tables outright.
 */
export class JournalScope implements ScopePlugin {
  readonly scope = 'journal';
  readonly #transformer: ScopeTransformer;

  constructor(readonly journalId: number) {
    if (!Number.isSafeInteger(journalId) || journalId < 1) throw new Error(`Invalid journal id: ${journalId}`);
    this.#transformer = new ScopeTransformer(journalId);
  }

  /** The journal id of a scoped handle or transaction (both Kysely and Transaction fit); throws if not scoped. */
  static of(db: { getExecutor(): QueryExecutor }): number {
    // getExecutor() is tagged @internal in Kysely's typings but is public; a handle's plugins are where its scope lives.
    const scope = db.getExecutor().plugins.find((plugin): plugin is JournalScope => plugin instanceof JournalScope);
    if (!scope) throw new Error('Handle not journal-scoped');
    return scope.journalId;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * The handle each journal's services receive: every query on it is confined to that journal. A transaction stays a
 * transaction (a bootstrap writes the journal and its first rows in one).
 */
export function scopedDb(db: InstallationDb | JournalDb, journalId: number): JournalDb;
export function scopedDb(db: InstallationTransaction | JournalTransaction, journalId: number): JournalTransaction;
export function scopedDb(db: InstallationExecutor | JournalExecutor, journalId: number): JournalExecutor {
  const scope = new JournalScope(journalId);
  if (db.getExecutor().plugins.some((plugin) => plugin instanceof JournalScope && plugin.journalId !== journalId)) {
    throw new Error(`A handle scoped to journal ${JournalScope.of(db)} cannot be scoped to journal ${journalId}`);
  }
  // The brand is only in the types: the plugin put in place is what makes the handle a journal's.
  return withScope(db as unknown as Kysely<Database>, scope) as unknown as JournalExecutor;
}

/** The reference that qualifies a FROM/JOIN item's columns (its alias, else the table), if it is journal-owned. */
function journalTable(item: OperationNode): TableNode | undefined {
  if (TableNode.is(item)) return journalTables.has(item.table.identifier.name) ? item : undefined;
  if (AliasNode.is(item) && IdentifierNode.is(item.alias) && TableNode.is(item.node)) {
    return journalTables.has(item.node.table.identifier.name) ? TableNode.create(item.alias.name) : undefined;
  }
  return undefined;
}

function journalTablesIn(items: ReadonlyArray<OperationNode> | undefined): TableNode[] {
  return (items ?? [])
    .flatMap((item) => (ListNode.is(item) ? item.items : [item]))
    .flatMap((item) => {
      const table = journalTable(item);
      return table ? [table] : [];
    });
}

function isJournalIdColumn(node: OperationNode): boolean {
  const column = ReferenceNode.is(node) ? node.column : node;
  return ColumnNode.is(column) && column.column.name === JOURNAL_ID;
}

/** `set journal_id = x` moves a row to another journal, unless x is the handle's own (a row written back as read). */
function refuseJournalIdUpdate(updates: ReadonlyArray<ColumnUpdateNode> | undefined, journalId: number): void {
  const moves = (update: ColumnUpdateNode) =>
    isJournalIdColumn(update.column) && !(ValueNode.is(update.value) && update.value.value === journalId);
  if (updates?.some(moves)) throw new Error('A journal-scoped query may not set journal_id');
}

/** `x AND p`: `a OR b AND p` would let `a` escape the scope, so anything but a chain of ANDs of atoms gets parens. */
function conjoin(existing: OperationNode | undefined, predicates: OperationNode[]): OperationNode | undefined {
  let result = existing && !isAndChainOfAtoms(existing) ? ParensNode.create(existing) : existing;
  for (const predicate of predicates) result = result ? AndNode.create(result, predicate) : predicate;
  return result;
}

function isAndChainOfAtoms(node: OperationNode): boolean {
  if (AndNode.is(node)) return isAndChainOfAtoms(node.left) && isAndChainOfAtoms(node.right);
  return BinaryOperationNode.is(node) || ParensNode.is(node) || UnaryOperationNode.is(node);
}

class ScopeTransformer extends OperationNodeTransformer {
  constructor(private readonly journalId: number) {
    super();
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const query = super.transformSelectQuery(node, queryId);
    return this.#scopeWhereAndJoins(query, journalTablesIn(query.from?.froms));
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: QueryId): UpdateQueryNode {
    const query = super.transformUpdateQuery(node, queryId);
    const targets = journalTablesIn(query.table && [query.table]);
    if (targets.length) refuseJournalIdUpdate(query.updates, this.journalId);
    return this.#scopeWhereAndJoins(query, [...targets, ...journalTablesIn(query.from?.froms)]);
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: QueryId): DeleteQueryNode {
    const query = super.transformDeleteQuery(node, queryId);
    return this.#scopeWhereAndJoins(query, [
      ...journalTablesIn(query.from.froms),
      ...journalTablesIn(query.using?.tables),
    ]);
  }

  protected override transformInsertQuery(node: InsertQueryNode, queryId?: QueryId): InsertQueryNode {
    const query = super.transformInsertQuery(node, queryId);
    if (!query.into || !journalTable(query.into)) return query;
    if (query.replace || query.orAction?.action === 'replace' || query.onDuplicateKey) {
      throw new Error('A journal-scoped insert may not replace or update on a duplicate key; use ON CONFLICT');
    }
    return { ...query, ...this.#scopeRows(query), onConflict: this.#scopeConflict(query.onConflict) };
  }

  protected override transformMergeQuery(node: MergeQueryNode, queryId?: QueryId): MergeQueryNode {
    const query = super.transformMergeQuery(node, queryId);
    if (journalTablesIn([query.into, ...(query.using ? [query.using.table] : [])]).length) {
      throw new Error('MERGE on a journal table is not supported through a journal-scoped handle');
    }
    return query;
  }

  #belongs(table: TableNode): OperationNode {
    return BinaryOperationNode.create(
      ReferenceNode.create(ColumnNode.create(JOURNAL_ID), table),
      OperatorNode.create('='),
      ValueNode.create(this.journalId),
    );
  }

  /** Joined journal tables are scoped in their ON (a LEFT JOIN keeps its meaning); `tables` and cross joins in WHERE. */
  #scopeWhereAndJoins<T extends { where?: WhereNode; joins?: ReadonlyArray<JoinNode> }>(
    query: T,
    tables: TableNode[],
  ): T {
    const whereTables = [...tables];
    const joins = query.joins?.map((join) => {
      const table = journalTable(join.table);
      if (!table) return join;
      if (!join.on) {
        whereTables.push(table);
        return join;
      }
      return { ...join, on: OnNode.create(conjoin(join.on.on, [this.#belongs(table)])!) };
    });
    const where = conjoin(
      query.where?.where,
      whereTables.map((table) => this.#belongs(table)),
    );
    return { ...query, joins, where: where && WhereNode.create(where) };
  }

  #scopeRows(query: InsertQueryNode): Pick<InsertQueryNode, 'columns' | 'values' | 'defaultValues'> {
    const columns = query.columns ?? [];
    const at = columns.findIndex(isJournalIdColumn);
    const withColumn = [...columns, ColumnNode.create(JOURNAL_ID)];
    const { values } = query;
    if (!values) {
      // `insert ... default values`
      const values = ValuesNode.create([PrimitiveValueListNode.create([this.journalId])]);
      return { columns: withColumn, values, defaultValues: false };
    }
    if (ValuesNode.is(values)) {
      const rows = values.values.map((row) => {
        if (at < 0) {
          return PrimitiveValueListNode.is(row)
            ? PrimitiveValueListNode.create([...row.values, this.journalId])
            : ValueListNode.create([...row.values, ValueNode.create(this.journalId)]);
        }
        if (PrimitiveValueListNode.is(row)) return this.#checkOwn(row.values[at]) && row;
        const value = row.values[at]!;
        // A row of a multi-row insert that leaves journal_id out gets DEFAULT (journal 1, or null on SQLite).
        if (DefaultInsertValueNode.is(value)) {
          return ValueListNode.create(row.values.map((v, i) => (i === at ? ValueNode.create(this.journalId) : v)));
        }
        return this.#checkOwn(ValueNode.is(value) ? value.value : value) && row;
      });
      return { columns: at < 0 ? withColumn : columns, values: ValuesNode.create(rows) };
    }
    // insert ... select: the select was scoped above; its rows get the id as a literal (an untyped parameter would
    // be text to PostgreSQL).
    const selections = SelectQueryNode.is(values) ? (values.selections ?? []) : [];
    const selectsAll = selections.some(
      ({ selection }) =>
        SelectAllNode.is(selection) || (ReferenceNode.is(selection) && SelectAllNode.is(selection.column)),
    );
    if (!SelectQueryNode.is(values) || at >= 0 || !columns.length || selectsAll || values.setOperations?.length) {
      throw new Error(
        'Insert from this query into a journal table is not supported through a journal-scoped handle: ' +
          'name the columns, select them explicitly (no *, no union, no journal_id) or use raw SQL',
      );
    }
    const literal = AliasNode.create(ValueNode.createImmediate(this.journalId), IdentifierNode.create(JOURNAL_ID));
    return {
      columns: withColumn,
      values: SelectQueryNode.cloneWithSelections(values, [SelectionNode.create(literal)]),
    };
  }

  #checkOwn(value: unknown): true {
    if (value !== this.journalId)
      throw new Error(`A query scoped to journal ${this.journalId} may not write journal_id`);
    return true;
  }

  #scopeConflict(onConflict: OnConflictNode | undefined): OnConflictNode | undefined {
    if (!onConflict) return onConflict;
    refuseJournalIdUpdate(onConflict.updates, this.journalId);
    const columns = onConflict.columns;
    if (!columns || columns.some(isJournalIdColumn)) return onConflict;
    return { ...onConflict, columns: [...columns, ColumnNode.create(JOURNAL_ID)] };
  }
}
