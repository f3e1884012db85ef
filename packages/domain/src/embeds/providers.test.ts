import { describe, expect, it } from 'vitest';
import { isEmbedProvider, isProviderFilterable, offeredProviders } from './providers.ts';

const SERVICE_EMBED = ['youtube', 'instagram', 'tiktok', 'x', 'facebook', 'vimeo', 'vk', 'spotify', 'soundcloud', 'mixcloud', 'giphy', 'tickaroo', 'platform-extension', 'zoe', 'xalps'];
const ids = (providers: { id: string }[]) => providers.map((provider) => provider.id);

describe('provider feature flags (spec 002 §6)', () => {
  it('leaves the flagged providers out while their flags are off', () => {
    expect(ids(offeredProviders({ providers: SERVICE_EMBED, features: [], inputName: 'service-embed' }))).toEqual([
      'youtube', 'instagram', 'tiktok', 'x', 'spotify', 'tickaroo', 'platform-extension', 'zoe', 'xalps',
    ]);
  });

  it('offers a flagged provider when its flag is on', () => {
    expect(ids(offeredProviders({ providers: SERVICE_EMBED, features: ['vimeo', 'facebook'], inputName: 'service-embed' }))).toContain('vimeo');
    expect(ids(offeredProviders({ providers: ['rbmn-audio', 'acast', 'soundcloud', 'mixcloud', 'spotify'], features: ['acast'], inputName: 'audio' }))).toEqual(['rbmn-audio', 'acast', 'spotify']);
  });

  it("gates Facebook by its flag in the service-embed element only", () => {
    expect(ids(offeredProviders({ providers: ['facebook'], features: [], inputName: 'service-embed' }))).toEqual([]);
    expect(ids(offeredProviders({ providers: ['facebook'], features: [], inputName: 'social' }))).toEqual(['facebook']);
  });

  it('drops providers it does not know and keeps the input order', () => {
    expect(ids(offeredProviders({ providers: ['zoe', 'myspace', 'youtube'], features: [], inputName: 'x' }))).toEqual(['zoe', 'youtube']);
  });

  it.each([
    [4, false],
    [5, true],
  ])('with %i providers the select has a filter: %s', (count, expected) => {
    expect(isProviderFilterable(count)).toBe(expected);
  });

  it('answers embed lookups for embed providers, not for archive or image providers', () => {
    expect(isEmbedProvider('youtube')).toBe(true);
    expect(isEmbedProvider('zoe')).toBe(true);
    expect(isEmbedProvider('rbmn-audio')).toBe(false);
    expect(isEmbedProvider('cloudinary')).toBe(false);
  });
});
