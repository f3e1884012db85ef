import { describe, expect, it } from 'vitest';
import { canCreateStencil, canTranslate } from './stencilRights.ts';

const story = { name: 'story', creatable: true };
const editor = { roles: ['content-editor', 'translator'], spaces: ['rbcom', 'rbtv'], localizations: ['en', 'de'] };
const create = (overrides: Partial<Parameters<typeof canCreateStencil>[0]> = {}) =>
  canCreateStencil({ rights: editor, stencil: story, space: 'rbcom', locale: 'en', enabledFeatures: [], ...overrides });

describe('creating stencils (spec 000 §6, 001 §5)', () => {
  it('allows a creator in their space and locale', () => expect(create()).toBe(true));
  it('refuses a non-creator', () => expect(create({ rights: { ...editor, roles: ['translator'] } })).toBe(false));
  it('drops rbtv without rbtv-content-creator', () => {
    expect(create({ space: 'rbtv' })).toBe(false);
    expect(create({ space: 'rbtv', rights: { ...editor, roles: ['content-editor', 'rbtv-content-creator'] } })).toBe(true);
  });
  it('respects the locale of the user and the stencil limits', () => {
    expect(create({ locale: 'fr' })).toBe(false);
    expect(create({ stencil: { ...story, locales: ['de'] } })).toBe(false);
    expect(create({ stencil: { ...story, spaces: ['global'] } })).toBe(false);
  });
  it('needs the feature flag of a flagged stencil and the role of a role-bound stencil', () => {
    const promotion = { name: 'onsite-promotion', creatable: true, featureFlag: 'onsite-promotion' };
    const promoter = { ...editor, roles: ['content-editor', 'onsite-promotion-editor'] };
    expect(create({ stencil: promotion, rights: promoter })).toBe(false);
    expect(create({ stencil: promotion, rights: promoter, enabledFeatures: ['onsite-promotion'] })).toBe(true);
    expect(create({ stencil: promotion, enabledFeatures: ['onsite-promotion'] })).toBe(false);
  });
  it('never offers a stencil that is not creatable', () => expect(create({ stencil: { ...story, creatable: false } })).toBe(false));
});

const translate = (overrides: Partial<Parameters<typeof canTranslate>[0]> = {}) =>
  canTranslate({ rights: editor, stencil: { name: 'story' }, assetSpaces: ['rbcom'], targetLocale: 'de', ...overrides });

describe('translating (spec 000 §6)', () => {
  it('allows a translator holding the space and target locale', () => expect(translate()).toBe(true));
  it('needs the translator role', () => expect(translate({ rights: { ...editor, roles: ['content-editor'] } })).toBe(false));
  it("needs one of the asset's spaces", () => expect(translate({ assetSpaces: ['illume'] })).toBe(false));
  it('needs the target locale in the user rights and in the stencil limit', () => {
    expect(translate({ targetLocale: 'fr' })).toBe(false);
    expect(translate({ stencil: { name: 'story', locales: ['en'] } })).toBe(false);
  });
  it.each([
    ['content-hub', 'content-hub-manager'],
    ['occasion-campaign', 'taxonomy-manager'],
    ['onsite-promotion', 'onsite-promotion-editor'],
  ])('needs for %s the role %s', (name, role) => {
    expect(translate({ stencil: { name } })).toBe(false);
    expect(translate({ stencil: { name }, rights: { ...editor, roles: [...editor.roles, role] } })).toBe(true);
  });
});

describe('the installation’s rules (spec 001 §4, §5)', () => {
  const installation = { spaceLocales: { rbcom: ['en'] }, allowsImageGalleries: false };
  const gallery = { name: 'image-gallery', creatable: true };

  it('creates only in the locales a space allows', () => {
    expect(canCreateStencil({ rights: editor, stencil: story, space: 'rbcom', locale: 'en', enabledFeatures: [], installation })).toBe(true);
    expect(canCreateStencil({ rights: editor, stencil: story, space: 'rbcom', locale: 'de', enabledFeatures: [], installation })).toBe(false);
  });

  it('creates image galleries only where the environment allows them', () => {
    expect(canCreateStencil({ rights: editor, stencil: gallery, space: 'rbcom', locale: 'en', enabledFeatures: [], installation })).toBe(false);
    expect(canCreateStencil({ rights: editor, stencil: gallery, space: 'rbcom', locale: 'en', enabledFeatures: [], installation: { ...installation, allowsImageGalleries: true } })).toBe(true);
    expect(canCreateStencil({ rights: editor, stencil: gallery, space: 'rbcom', locale: 'en', enabledFeatures: [] })).toBe(true);
  });

  it('translates only into a locale the asset’s first space allows', () => {
    const stencil = { name: 'story' };
    expect(canTranslate({ rights: editor, stencil, assetSpaces: ['rbcom', 'rbtv'], targetLocale: 'de', installation })).toBe(false);
    expect(canTranslate({ rights: editor, stencil, assetSpaces: ['rbtv', 'rbcom'], targetLocale: 'de', installation })).toBe(true);
  });
});
