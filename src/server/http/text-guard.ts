import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * No text of a journal needs control characters, and PostgreSQL cannot store U+0000 at all (SQLite keeps it
 * and cuts strings at it in places): refused at the door, the same on both engines, before any route runs.
 */
const NUL = '\u0000';

export const NUL_MESSAGE = 'must not contain a NUL character';

/**
 * How many objects and lists an input may nest. The site's deepest input nests two (an export's list of
 * records); a body nested thousands deep is refused here, before Zod or anything else walks it
 * (docs/decisions/093-input-bounds.md). Its size is bounded before it is parsed, by Fastify's body limit.
 */
export const MAX_INPUT_DEPTH = 32;

export const DEPTH_MESSAGE = `must not be nested more than ${MAX_INPUT_DEPTH} levels deep`;

/** A value still to be looked at, with its path, the key it was found under and how many levels hold it. */
interface Pending {
  value: unknown;
  path: string;
  key: string;
  depth: number;
}

/**
 * Throws a 400 naming the field at the first string or key (in document order) that holds a NUL, or when
 * `input` nests deeper than MAX_INPUT_DEPTH. Walked with a list of pending values rather than recursion, so
 * no input can exhaust the stack.
 */
export function refuseBadInput(input: unknown, where: string): void {
  const pending: Pending[] = [{ value: input, path: '', key: '', depth: 0 }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { value, path, key, depth } = item;
    if (key.includes(NUL) || (typeof value === 'string' && value.includes(NUL)))
      throw badRequest(`${path || where}: ${NUL_MESSAGE}`);
    if (value === null || typeof value !== 'object') continue;
    if (depth === MAX_INPUT_DEPTH) throw badRequest(`${where}: ${DEPTH_MESSAGE}`);
    const entries = Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [childKey, child] = entries[index]!;
      pending.push({ value: child, path: path ? `${path}.${childKey}` : childKey, key: childKey, depth: depth + 1 });
    }
  }
}

/** Path parameters, query parameters and JSON bodies of every route; multipart fields are checked as they are read. */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseBadInput(request.params, 'address');
      refuseBadInput(request.query, 'query');
      refuseBadInput(request.body, 'body');
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
