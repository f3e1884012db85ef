import type { StencilDefinition } from '../asset/stencil.ts';
import { creatableSpaces } from '../spaces/spaces.ts';
import { IMAGE_GALLERY_STENCIL, spaceAllowsLocale, type InstallationRules } from '../spaces/spaceRules.ts';
import { isCreator, type Rights } from './roles.ts';

type StencilLimits = Pick<StencilDefinition, 'name' | 'spaces' | 'locales' | 'featureFlag' | 'creatable'>;

/**
 * Spec 000 §6: stencils that need a role of their own. An occasion needs taxonomy-manager, content-hub needs
 * content-hub-manager, onsite-promotion needs onsite-promotion-editor; both for creating and translating.
 */
const STENCIL_ROLE: Readonly<Record<string, string>> = {
  'occasion-campaign': 'taxonomy-manager',
  'content-hub': 'content-hub-manager',
  'onsite-promotion': 'onsite-promotion-editor',
};

/** The role a stencil needs beyond the usual rights, if any. */
export function stencilRole(stencilName: string): string | undefined {
  return STENCIL_ROLE[stencilName];
}

function holdsStencilRole(rights: Pick<Rights, 'roles'>, stencilName: string): boolean {
  const role = stencilRole(stencilName);
  return role === undefined || rights.roles.includes(role);
}

/** Whether a stencil exists in a locale: no locale limit, or the limit includes it (spec 000 §6). */
export function stencilAllowsLocale(stencil: Pick<StencilDefinition, 'locales'>, locale: string): boolean {
  return !stencil.locales || stencil.locales.includes(locale);
}

export function stencilAllowsSpace(stencil: Pick<StencilDefinition, 'spaces'>, space: string): boolean {
  return !stencil.spaces || stencil.spaces.includes(space);
}

/**
 * Spec 000 §6, 001 §5, §6: a user may create a stencil in a space and locale when they are a creator, the space is
 * one they may create in, the locale is theirs, the stencil allows both, its feature flag is on and they hold
 * the role the stencil needs.
 */
export function canCreateStencil(input: {
  rights: Rights;
  stencil: StencilLimits;
  space: string;
  locale: string;
  enabledFeatures: readonly string[];
  /** The installation's space locales and gallery rule (spec 001 §4, §5); without them neither limits. */
  installation?: InstallationRules | undefined;
}): boolean {
  const { rights, stencil, space, locale, installation } = input;
  return (
    spaceAllowsLocale(installation?.spaceLocales, space, locale) &&
    (stencil.name !== IMAGE_GALLERY_STENCIL || installation?.allowsImageGalleries !== false) &&
    stencil.creatable &&
    isCreator(rights) &&
    creatableSpaces(rights).includes(space) &&
    rights.localizations.includes(locale) &&
    stencilAllowsSpace(stencil, space) &&
    stencilAllowsLocale(stencil, locale) &&
    (!stencil.featureFlag || input.enabledFeatures.includes(stencil.featureFlag)) &&
    holdsStencilRole(rights, stencil.name)
  );
}

/**
 * Spec 000 §6 translate rules: a translator; the stencil is not content-hub unless they are content-hub-manager;
 * they hold one of the asset's spaces and the target locale; the stencil's locale limit includes the target;
 * an occasion needs taxonomy-manager; onsite-promotion needs onsite-promotion-editor.
 */
export function canTranslate(input: {
  rights: Rights;
  stencil: Pick<StencilDefinition, 'name' | 'locales'>;
  assetSpaces: readonly string[];
  targetLocale: string;
  /** Spec 001 §5: the asset's first space decides which locales it may have. */
  installation?: Pick<InstallationRules, 'spaceLocales'> | undefined;
}): boolean {
  const { rights, stencil } = input;
  return (
    spaceAllowsLocale(input.installation?.spaceLocales, input.assetSpaces[0], input.targetLocale) &&
    rights.roles.includes('translator') &&
    input.assetSpaces.some((space) => rights.spaces.includes(space)) &&
    rights.localizations.includes(input.targetLocale) &&
    stencilAllowsLocale(stencil, input.targetLocale) &&
    holdsStencilRole(rights, stencil.name)
  );
}
