import { describe, expect, it } from 'vitest';
import { assetRights, type AssetAccessSubject } from './assetRights.ts';
import { selfMethods } from './linkRights.ts';
import type { Rights } from './roles.ts';

const story = (overrides: Partial<AssetAccessSubject> = {}): AssetAccessSubject => ({ stencil: 'story', spaces: ['rbcom'], localization: 'en', status: 'draft', ...overrides });
const rights = (roles: string[], spaces = ['rbcom'], localizations = ['en']): Rights => ({ roles, spaces, localizations });
const of = (user: Rights, asset = story(), previewable = true) => assetRights({ rights: user, asset, previewable, previewExcludedSpaces: ['wrc'] });

describe('asset rights (spec 000 §6)', () => {
  it('lets a creator holding space and locale do everything but change spaces or embargo', () => {
    expect(of(rights(['content-editor']))).toEqual({
      read: true,
      edit: true,
      delete: true,
      publish: true,
      depublish: false,
      preview: true,
      bookmark: true,
      changeSpaces: false,
      setEmbargo: false,
    });
  });

  it('hides an asset outside the user spaces, restricted spaces included', () => {
    expect(of(rights(['content-editor'], ['global']), story()).read).toBe(false);
    expect(of(rights(['content-editor'], ['rbcom']), story({ spaces: ['wrc'] })).read).toBe(false);
    expect(of(rights(['content-editor'], ['wrc']), story({ spaces: ['wrc'] })).read).toBe(true);
  });

  it('lets a translator edit but not publish or delete, and only in their locales', () => {
    expect(of(rights(['translator'], ['rbcom'], ['de']), story({ localization: 'de' }))).toMatchObject({ edit: true, publish: false, delete: false });
    expect(of(rights(['translator'], ['rbcom'], ['de']), story({ localization: 'en' })).edit).toBe(false);
  });

  it('makes the asset read-only for a curator', () => {
    expect(selfMethods(of(rights(['curator'])))).toEqual(['GET']);
  });

  it('refuses to delete a published version, and offers unpublish for it', () => {
    expect(of(rights(['content-manager']), story({ status: 'published' }))).toMatchObject({ delete: false, depublish: true });
  });

  it.each([
    ['content-hub', 'content-hub-manager'],
    ['occasion-campaign', 'taxonomy-manager'],
    ['onsite-promotion', 'onsite-promotion-editor'],
  ])('needs the role of %s (%s) for any change', (stencil, role) => {
    expect(of(rights(['content-manager']), story({ stencil })).edit).toBe(false);
    expect(of(rights(['content-manager', role]), story({ stencil })).edit).toBe(true);
  });

  it('offers preview only for previewable stencils outside excluded spaces', () => {
    expect(of(rights(['content-editor']), story(), false).preview).toBe(false);
    expect(of(rights(['content-editor'], ['wrc']), story({ spaces: ['wrc'] })).preview).toBe(false);
  });

  it('gives change spaces and embargo to their roles', () => {
    expect(of(rights(['taxonomy-manager', 'all-localizations'])).changeSpaces).toBe(true);
    expect(of(rights(['embargo-date-manager'])).setEmbargo).toBe(true);
  });

  it('presents the rights as the methods of the self link', () => {
    expect(selfMethods(of(rights(['content-editor'])))).toEqual(['GET', 'PUT', 'PATCH', 'DELETE']);
  });
});
