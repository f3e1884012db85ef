import { describe, expect, it } from 'vitest';
import { isEmpty } from './isEmpty.ts';

describe('isEmpty (spec 000 §5)', () => {
  it.each([
    ['undefined', undefined, true],
    ['null', null, true],
    ['an empty string', '', true],
    ['NaN', Number.NaN, true],
    ['an empty array', [], true],
    ['an array of undefined', [undefined, undefined], true],
    ['an array of null (JSON for undefined)', [null], true],
    ['a sparse array', Array<unknown>(3), true],
    ['a space', ' ', false],
    ['zero', 0, false],
    ['false', false, false],
    ['an array with one defined entry', [undefined, 'a'], false],
    ['an array with an empty string', [''], false],
    ['an empty object', {}, false],
  ])('%s is empty: %s', (_name, value, expected) => {
    expect(isEmpty(value)).toBe(expected);
  });
});
