import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * No text of a journal needs control characters, and PostgreSQL cannot store U+0000 at all (SQLite keeps it
 * and cuts strings at it in places): refused at the door, the same on both engines, before any route runs.
 */
const NUL = '\u0000';

export const NUL_MESSAGE = 'must not contain a NUL character';

/** The path to the first string inside `value` (keys included) that holds a NUL, or null. */
function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return itemPath;
    const found = findNul(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}

/** Throws a 400 naming the field when any string of `input` holds a NUL. */
export function refuseNul(input: unknown, where: string): void {
  const field = findNul(input);
  if (field !== null) throw badRequest(`${field || where}: ${NUL_MESSAGE}`);
}

/** Path parameters, query parameters and JSON bodies of every route; multipart fields are checked as they are read. */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseNul(request.params, 'address');
      refuseNul(request.query, 'query');
      refuseNul(request.body, 'body');
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
