import { describe, expect, it } from 'vitest';
import { canCreatePlaygroundProject, isBpProjectId, isPlaygroundProjectId, tagFeedOriginOf } from './playgroundProject.ts';

describe('playground project ids', () => {
  it.each([
    ['123456', true],
    ['12345', false],
    ['1234567', false],
    ['BP-ABCDEFGHIJ123', true],
    ['BP-ABCDEFGHIJ12', false],
    ['BPABCDEFGHIJ12345678', true],
    ['BPABCDEFGHIJ1234567', false],
    ['SPOD123456', true],
    ['SPOD12345A', false],
    ['', false],
  ])('%s is valid: %s', (id, valid) => {
    expect(isPlaygroundProjectId(id)).toBe(valid);
  });

  it('creates only for a BP id under a parent whose label is not a BP id', () => {
    expect(canCreatePlaygroundProject('BP-ABCDEFGHIJ123', { label: 'Red Bull Racing' })).toBe(true);
    expect(canCreatePlaygroundProject('BP-ABCDEFGHIJ123', null)).toBe(false);
    expect(canCreatePlaygroundProject('BP-ABCDEFGHIJ123', { label: 'BPABCDEFGHIJ12345678' })).toBe(false);
    expect(canCreatePlaygroundProject('123456', { label: 'Red Bull Racing' })).toBe(false);
    expect(isBpProjectId('SPOD123456')).toBe(false);
  });

  it('chooses the tag feed origin by the id pattern', () => {
    expect(tagFeedOriginOf('BP-ABCDEFGHIJ123')).toBe('mediaplanet');
    expect(tagFeedOriginOf('SPOD123456')).toBe('sap-business-warehouse');
    expect(tagFeedOriginOf('123456')).toBe('meppconnect');
    expect(tagFeedOriginOf('abc')).toBeUndefined();
  });
});
