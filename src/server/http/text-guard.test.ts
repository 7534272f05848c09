import { describe, expect, it } from 'vitest';
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE } from '../../common/schemas/text-characters.js';
import { HttpError } from './errors.js';
import { MAX_INPUT_DEPTH, refuseBadInput } from './text-guard.js';

/** `{"a":{"a":…1…}}` with `levels` objects, built without recursion. */
function nested(levels: number, wrap = (inner: unknown): unknown => ({ a: inner })): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = wrap(value);
  return value;
}

const refusal = (input: unknown) => {
  try {
    refuseBadInput(input, 'body');
  } catch (error) {
    return error;
  }
  return null;
};

describe('refuseBadInput', () => {
  it('lets ordinary input through', () => {
    expect(refusal({ ids: [1, 2], pinned: true, nested: { name: 'Asha', list: [{ id: '3' }] } })).toBeNull();
    expect(refusal(nested(MAX_INPUT_DEPTH))).toBeNull();
    expect(refusal(undefined)).toBeNull();
  });

  it('names the first string or key holding a NUL', () => {
    expect(refusal({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toMatchObject({ message: `a.1.c: ${NUL_MESSAGE}` });
    expect(refusal({ 'k\u0000': 1 })).toMatchObject({ message: `k\u0000: ${NUL_MESSAGE}` });
    expect(refusal('\u0000')).toMatchObject({ statusCode: 400, message: `body: ${NUL_MESSAGE}` });
  });

  it('names the first string or key holding half of a UTF-16 pair without the other, and lets whole pairs through', () => {
    expect(refusal({ title: 'Growth \ud83c\udf31 of rice', note: 'café' })).toBeNull();
    expect(refusal({ a: 'ok', b: ['x', 'a\ud800b'] })).toMatchObject({ message: `b.1: ${LONE_SURROGATE_MESSAGE}` });
    expect(refusal({ title: 'end \ud83c' })).toMatchObject({ message: `title: ${LONE_SURROGATE_MESSAGE}` });
    expect(refusal({ title: '\udf31 start' })).toMatchObject({ message: `title: ${LONE_SURROGATE_MESSAGE}` });
    expect(refusal({ '\udc00': 1 })).toMatchObject({ statusCode: 400, message: `\udc00: ${LONE_SURROGATE_MESSAGE}` });
  });

  it.each([
    ['objects', (inner: unknown) => ({ a: inner })],
    ['lists', (inner: unknown) => [inner]],
  ])('answers 400 to %s nested deeper than the limit, however deep, without running out of stack', (_kind, wrap) => {
    for (const levels of [MAX_INPUT_DEPTH + 1, 8_000, 200_000]) {
      const error = refusal(nested(levels, wrap));
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({
        statusCode: 400,
        code: 'invalid_input',
        message: `body: must not be nested more than ${MAX_INPUT_DEPTH} levels deep`,
      });
    }
  });
});
