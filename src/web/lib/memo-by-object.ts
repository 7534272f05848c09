/**
 * THE RULE: an object handed to a memo, and what the memo gives back, is never changed. A new value is
 * a new object.
 *
 * Why: the server hands out the data of public pages (settings, year groups, an issue's articles) as the
 * same objects until the next write, so what is derived from them (loader data, table rows, hydration
 * JSON) is worked out once per object and remembered by identity. Change a remembered object in place
 * and every later page shows a stale result; nothing would notice. So copy, never mutate: loader data
 * is typed deeply read-only, and under Vitest every remembered object is frozen, so that a mutation
 * throws in the tests instead of going unnoticed in production (where freezing would cost time).
 */

/** Read-only all the way down: what loader data and remembered objects are. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer U)[]
    ? readonly DeepReadonly<U>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

/** Only tests freeze: Vite writes the mode into the builds, where this is a constant false. */
const FREEZE_REMEMBERED = import.meta.env?.MODE === 'test';

/** Freezes an object and everything it holds (tests only, see above). */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

interface Remembered<A extends unknown[], R> {
  args: A;
  result: R;
}

const sameArgs = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * `fn` remembered by the identity of its first argument: for each object, the last result is given back
 * while the other arguments are the same (compared with Object.is). Objects are held weakly, so a list
 * replaced after a write is forgotten with it.
 */
export function memoByObject<K extends object, A extends unknown[], R>(
  fn: (key: K, ...args: A) => R,
): (key: K, ...args: A) => R {
  const remembered = new WeakMap<K, Remembered<A, R>>();
  return (key, ...args) => {
    const last = remembered.get(key);
    if (last && sameArgs(last.args, args)) return last.result;
    const result = fn(key, ...args);
    if (FREEZE_REMEMBERED) {
      deepFreeze(key);
      deepFreeze(result);
    }
    remembered.set(key, { args, result });
    return result;
  };
}
