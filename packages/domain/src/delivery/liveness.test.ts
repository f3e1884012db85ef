import { describe, expect, it } from 'vitest';
import { isLive, type LivenessInput } from './liveness.ts';

const AT = new Date('2026-06-15T12:00:00.000Z');
const BEFORE = '2026-06-15T11:59:59.999Z';
const AFTER = '2026-06-15T12:00:00.001Z';
const NOW = AT.toISOString();
const open: LivenessInput = { status: 'published', publishEnd: null, embargoStart: null, embargoEnd: null };

describe('isLive (delivery of spec 002 §4, §5)', () => {
  it.each<[string, Partial<LivenessInput>, boolean]>([
    ['a published version without dates', {}, true],
    ['a draft', { status: 'draft' }, false],
    ['an unpublished version', { status: 'unpublished' }, false],
    ['a draft whose scheduled publish is due but has not run', { status: 'draft' }, false],
    ['an unpublish date still ahead', { publishEnd: AFTER }, true],
    ['an unpublish date reached (the scheduler has not run yet)', { publishEnd: NOW }, false],
    ['an unpublish date passed', { publishEnd: BEFORE }, false],
    ['an embargo that has begun', { embargoStart: NOW }, true],
    ['an embargo that begins later', { embargoStart: AFTER }, false],
    ['an embargo that ends now', { embargoEnd: NOW }, true],
    ['an embargo that has ended', { embargoEnd: BEFORE }, false],
    ['inside an embargo window', { embargoStart: BEFORE, embargoEnd: AFTER }, true],
    ['an unpublished version inside its embargo', { status: 'unpublished', embargoStart: BEFORE, embargoEnd: AFTER }, false],
  ])('%s: %s', (_case, change, expected) => {
    expect(isLive({ ...open, ...change }, AT)).toBe(expected);
  });
});
