/**
 * The characters no text of a journal may hold, typed or imported (docs/security.md, Input). A NUL: PostgreSQL cannot
 * store it at all, and SQLite keeps it and cuts strings at it in places. A lone surrogate (half of a UTF-16 pair
 * without its other half, as `&#xD800;` or `"\ud800"` makes one): it is no character, and UTF-8 has no form for it,
 * so each engine stores something else than was given. One rule for every way text comes in: the text guard of every
 * route (src/server/http/text-guard.ts) and every import (import-validation.ts, the journal move's import-journal).
 */
export const NUL_MESSAGE = 'must not contain a NUL character';
export const LONE_SURROGATE_MESSAGE = 'must not contain a lone surrogate (half of a UTF-16 character pair)';

const NUL = '\u0000';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What `text` breaks of the rule, as a message to put after the field's name; null when it keeps it. */
export function characterProblem(text: string): string | null {
  if (text.includes(NUL)) return NUL_MESSAGE;
  return LONE_SURROGATE.test(text) ? LONE_SURROGATE_MESSAGE : null;
}

/** A value of an input: the key it is found under in its parent (null for the input) and how many levels hold it. */
export interface InputNode {
  value: unknown;
  key: string | null;
  parent: InputNode | null;
  depth: number;
}

/** The keys that lead from the input to a value, e.g. ['authors', '0', 'orcid']. */
export function pathOf(node: InputNode): string[] {
  const keys: string[] = [];
  for (let at: InputNode | null = node; at?.key != null; at = at.parent) keys.push(at.key);
  return keys.reverse();
}

/**
 * Calls `visit` with every value of `input` in document order, the input itself first. Walked with a list of pending
 * values rather than recursion, so no input can exhaust the stack; a value's children are listed only after `visit`
 * returned for it, so a visit that throws stops the walk before anything it holds is looked at.
 */
export function visitInput(input: unknown, visit: (node: InputNode) => void): void {
  const pending: InputNode[] = [{ value: input, key: null, parent: null, depth: 0 }];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    visit(node);
    const { value, depth } = node;
    if (value === null || typeof value !== 'object') continue;
    const keys = Object.keys(value);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index]!;
      pending.push({ value: (value as Record<string, unknown>)[key], key, parent: node, depth: depth + 1 });
    }
  }
}

/** What a value breaks of the rule: the key it was found under, or its own text. */
export const nodeProblem = ({ value, key }: InputNode): string | null =>
  (key === null ? null : characterProblem(key)) ?? (typeof value === 'string' ? characterProblem(value) : null);

/** Every string and key of `input` that breaks the rule, in document order, with its path and the rule's message. */
export function textProblems(input: unknown): { path: string[]; message: string }[] {
  const problems: { path: string[]; message: string }[] = [];
  visitInput(input, (node) => {
    const message = nodeProblem(node);
    if (message) problems.push({ path: pathOf(node), message });
  });
  return problems;
}
