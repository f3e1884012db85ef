import { describe, expect, it } from 'vitest';
import { isQuickEventVersion, standaloneFor } from './quickEvent.ts';

describe('standaloneFor', () => {
  it.each([
    [true, false],
    [false, true],
  ])('the switch at %s sets standalone to %s', (isQuickEvent, expected) => {
    expect(standaloneFor(isQuickEvent)).toBe(expected);
  });
});

describe('isQuickEventVersion', () => {
  it.each([
    ['the switch on', { 'quick-event': true }, true],
    ['the switch off', { 'quick-event': false }, false],
    ['no switch value', {}, false],
    ['a value that is not a boolean', { 'quick-event': 'true' }, false],
  ])('%s', (_name, values, expected) => {
    expect(isQuickEventVersion(values)).toBe(expected);
  });
});
