import type { Compilable, CompiledQuery } from 'kysely';
import type { Executor } from './database.js';

interface Prepared<Row> {
  query: CompiledQuery<Row>;
  /** For each parameter of the compiled query, the argument it takes, or -1 for a value fixed in the shape. */
  argumentOf: number[];
}

/**
 * A query whose shape never changes (only its values do), built and compiled once per database handle
 * and then run with each call's arguments. Building and compiling with Kysely costs about as much as
 * running a small query on SQLite, and the public pages run a few such queries on every render.
 *
 * `build` receives stand-ins for the arguments; each must end up as a bound value of the query.
 */
export function preparedQuery<Args extends unknown[], Row>(build: (db: Executor, ...args: Args) => Compilable<Row>) {
  const compiled = new WeakMap<Executor, Prepared<Row>>();

  function prepare(db: Executor, arity: number): Prepared<Row> {
    const standIns = Array.from({ length: arity }, (_, i) => Symbol(`argument ${i}`));
    const query = build(db, ...(standIns as unknown as Args)).compile();
    const argumentOf = query.parameters.map((value) => standIns.indexOf(value as symbol));
    if (standIns.some((_, i) => !argumentOf.includes(i)))
      throw new Error(`An argument is not a bound value of: ${query.sql}`);
    return { query, argumentOf };
  }

  return async (db: Executor, ...args: Args): Promise<Row[]> => {
    let prepared = compiled.get(db);
    if (!prepared) {
      prepared = prepare(db, args.length);
      compiled.set(db, prepared);
    }
    const { query, argumentOf } = prepared;
    const parameters = query.parameters.map((value, i) => (argumentOf[i]! >= 0 ? args[argumentOf[i]!] : value));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
