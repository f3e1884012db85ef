import type { AssetVersion } from '@editor/domain';

/** Spec 002 §6: the spaces editor shows to users allowed to change spaces, as the link's methods say. */
export const canChangeSpacesOf = (asset: AssetVersion) => asset._links['p:changeSpaces'].methods.includes('PUT');

/** Spec 002 §6: the embargo editor shows to embargo-date managers, as the link's methods say. */
export const canSetEmbargoOf = (asset: AssetVersion) => asset._links['p:setEmbargoDate'].methods.includes('POST');

/**
 * Spec 002 §2 Details tabs: Advanced shows to users who may change spaces or set embargo dates, and to a taxonomy
 * manager when the stencil's advanced area holds a partner-hosted-livestream-container input.
 */
export function isAdvancedTabVisible(input: {
  asset: AssetVersion;
  /** Whether the advanced content area holds a partner-hosted-livestream-container input. */
  hasAdvancedAreaInputs: boolean;
  isTaxonomyManager: boolean;
}): boolean {
  const isPermitted = canChangeSpacesOf(input.asset) || canSetEmbargoOf(input.asset);
  return isPermitted || (input.hasAdvancedAreaInputs && input.isTaxonomyManager);
}
