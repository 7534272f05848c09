import type { FastifyInstance } from 'fastify';
import { nodeProblem, pathOf, visitInput } from '../../common/schemas/text-characters.js';
import { badRequest } from './errors.js';

/**
 * How many objects and lists an input may nest. The site's deepest input nests two (an export's list of
 * records); a body nested thousands deep is refused here, before Zod or anything else walks it
 * (docs/decisions/093-input-bounds.md). Its size is bounded before it is parsed, by Fastify's body limit.
 */
export const MAX_INPUT_DEPTH = 32;

export const DEPTH_MESSAGE = `must not be nested more than ${MAX_INPUT_DEPTH} levels deep`;

/**
 * Throws a 400 naming the field at the first string or key (in document order) that holds a character no text may
 * hold (a NUL or a lone surrogate: text-characters.ts, the rule imports keep too), or when `input` nests deeper than
 * MAX_INPUT_DEPTH. Refused at the door, the same on both engines, before any route runs.
 */
export function refuseBadInput(input: unknown, where: string): void {
  visitInput(input, (node) => {
    const problem = nodeProblem(node);
    if (problem) throw badRequest(`${pathOf(node).join('.') || where}: ${problem}`);
    if (node.depth === MAX_INPUT_DEPTH && node.value !== null && typeof node.value === 'object')
      throw badRequest(`${where}: ${DEPTH_MESSAGE}`);
  });
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
