import { describe, expect, it } from 'vitest';
import type { Rights } from '@editor/domain';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import { translationTargets } from './translationTargets.ts';

const APP_LOCALES = ['en', 'de', 'fr', 'es', 'ja'];
const translator: Rights = { roles: ['translator'], spaces: ['rbcom'], localizations: APP_LOCALES };
// The asset exists in en and de, in the rbcom space.
const version = buildAssetVersion();
const story = { name: 'story', locales: undefined };

const targets = (rights: Rights, stencil: { name: string; locales?: string[] | undefined } = story) =>
  translationTargets({ appLocalizations: APP_LOCALES, version, stencil, rights });

describe('translation targets (spec 000 §6 translating rights)', () => {
  it("offers the app's locales the asset is not in yet, in the app's order", () => {
    expect(targets(translator)).toEqual(['fr', 'es', 'ja']);
  });

  it('needs the translator role, one of the asset spaces and the target locale', () => {
    expect(targets({ ...translator, roles: ['content-editor'] })).toEqual([]);
    expect(targets({ ...translator, spaces: ['rbtv'] })).toEqual([]);
    expect(targets({ ...translator, localizations: ['en', 'fr'] })).toEqual(['fr']);
  });

  it("keeps to the stencil's locale limit and its own role", () => {
    expect(targets(translator, { name: 'story', locales: ['en', 'de', 'ja'] })).toEqual(['ja']);
    expect(targets(translator, { name: 'occasion-campaign' })).toEqual([]);
    expect(targets({ ...translator, roles: ['translator', 'taxonomy-manager'] }, { name: 'occasion-campaign' })).toEqual(['fr', 'es', 'ja']);
  });
});
