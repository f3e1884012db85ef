import { canTranslate, type AssetVersion, type Rights, type SpaceLocales, type StencilDefinition } from '@editor/domain';

/** The locales an asset exists in, from its about data (every locale of the asset, the open one included). */
export function existingLocalizations(version: AssetVersion): string[] {
  return version._embedded.about._meta.localizations.map((entry) => entry.localization);
}

/**
 * Spec 000 §6 translating rights: the app's locales the asset does not exist in yet and that the user may
 * translate this asset into, in the app's order.
 */
export function translationTargets(input: {
  appLocalizations: readonly string[];
  version: AssetVersion;
  stencil: Pick<StencilDefinition, 'name' | 'locales'>;
  rights: Rights;
  /** Spec 001 §5: the locales the asset's first space allows, where the installation limits them. */
  spaceLocales?: SpaceLocales | undefined;
}): string[] {
  const existing = new Set(existingLocalizations(input.version));
  const assetSpaces = input.version._embedded.about._meta.spaces;
  return input.appLocalizations.filter(
    (target) => !existing.has(target) && canTranslate({ rights: input.rights, stencil: input.stencil, assetSpaces, targetLocale: target, installation: { spaceLocales: input.spaceLocales ?? {} } }),
  );
}
