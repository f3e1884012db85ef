import { describe, expect, it } from 'vitest';
import { isElementOffered } from './featureGates.ts';

describe('isElementOffered (spec 002 §5)', () => {
  it.each([
    ['cta-fullscreen-engagement', [], false],
    ['cta-fullscreen-engagement', ['fullscreen-engagement'], true],
    ['text', [], true],
  ])('%s with flags %j → %s', (name, features, offered) => {
    expect(isElementOffered(name, features)).toBe(offered);
  });
});
