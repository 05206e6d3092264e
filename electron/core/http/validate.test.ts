import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ParameterError } from '../services/errors.js';
import { gBool, gEnum, gInt, gString, gStringArray, parseParams } from './validate.js';

/** The ParameterError message parseParams throws for `raw`, or null when it passes. */
function failure(shape: z.ZodRawShape, raw: Record<string, unknown>): string | null {
  try {
    parseParams(shape, raw);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(ParameterError);
    return (err as Error).message;
  }
}

describe('parseParams', () => {
  const shape = {
    title: gString(),
    description: gString().optional(),
    iid: gInt().optional(),
    state: gEnum(['opened', 'closed'] as const).optional(),
  };

  it('returns the typed values and drops unknown keys', () => {
    expect(parseParams(shape, { title: 'T', iid: '7', state: 'closed', extra: 'x' })).toEqual({
      title: 'T',
      iid: 7,
      state: 'closed',
    });
  });

  it('says "<name> is missing" for a missing or null required parameter', () => {
    expect(failure(shape, {})).toBe('title is missing');
    expect(failure(shape, { title: null })).toBe('title is missing');
  });

  it('lists several missing parameters one by one, in declaration order', () => {
    expect(failure({ username: gString(), name: gString(), email: gString() }, { name: 'n' })).toBe(
      'username is missing, email is missing',
    );
    expect(failure({ username: gString(), name: gString(), email: gString() }, {})).toBe(
      'username is missing, name is missing, email is missing',
    );
  });

  it('says "is invalid" for a value of the wrong type', () => {
    expect(failure(shape, { title: 'T', iid: 'seven' })).toBe('iid is invalid');
    expect(failure(shape, { title: 'T', iid: '1.5' })).toBe('iid is invalid');
    expect(failure(shape, { title: ['a', 'b'] })).toBe('title is invalid');
  });

  it('says "does not have a valid value" for a value outside an enum', () => {
    expect(failure(shape, { title: 'T', state: 'merged' })).toBe('state does not have a valid value');
  });

  it('puts missing parameters first, then the others', () => {
    expect(failure(shape, { iid: 'x', state: 'merged' })).toBe(
      'title is missing, iid is invalid, state does not have a valid value',
    );
  });

  it('names nested parameters in bracket notation', () => {
    const nested = { attrs: z.object({ api_url: gString(), port: gInt() }) };
    expect(failure(nested, { attrs: { api_url: 'u', port: 'p' } })).toBe('attrs[port] is invalid');
    expect(failure(nested, { attrs: { port: 1 } })).toBe('attrs[api_url] is invalid');
  });

  it('reports an invalid array element once', () => {
    expect(failure({ scopes: gStringArray() }, { scopes: [1, 2] })).toBe(
      'scopes[0] is invalid, scopes[1] is invalid',
    );
  });
});

describe('coercing helpers', () => {
  it('gInt reads integer strings and numbers', () => {
    expect(gInt().parse('42')).toBe(42);
    expect(gInt().parse(' -3 ')).toBe(-3);
    expect(gInt().parse(5)).toBe(5);
    expect(gInt().safeParse('4e2').success).toBe(false);
    expect(gInt().safeParse(1.5).success).toBe(false);
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['yes', true],
    ['t', true],
    [1, true],
    [true, true],
    ['false', false],
    ['0', false],
    ['no', false],
    ['f', false],
    [0, false],
    [false, false],
  ])('gBool reads %j as %s', (input, out) => {
    expect(gBool().parse(input)).toBe(out);
  });

  it('gBool refuses anything else', () => {
    for (const v of ['maybe', '', 2, null]) expect(gBool().safeParse(v).success).toBe(false);
  });

  it('gString turns numbers into strings and refuses objects', () => {
    expect(gString().parse(12)).toBe('12');
    expect(gString().safeParse({ a: 1 }).success).toBe(false);
  });

  it('gStringArray reads arrays, qs index objects and comma-separated strings', () => {
    expect(gStringArray().parse(['a', 'b'])).toEqual(['a', 'b']);
    expect(gStringArray().parse({ 0: 'a', 1: 'b' })).toEqual(['a', 'b']);
    expect(gStringArray().parse('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(gStringArray().parse('')).toEqual([]);
  });
});
