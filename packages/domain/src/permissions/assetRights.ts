import { canChangeSpaces, canSetEmbargo, isCreator, type Rights } from './roles.ts';
import { stencilRole } from './stencilRights.ts';
import type { AssetStatus } from '../asset/status.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface AssetAccessSubject {
  stencil: string;
  spaces: readonly string[];
  localization: string;
  status: AssetStatus;
}

export interface AssetRights {
  read: boolean;
  edit: boolean;
  delete: boolean;
  publish: boolean;
  depublish: boolean;
  preview: boolean;
  bookmark: boolean;
  changeSpaces: boolean;
  setEmbargo: boolean;
}

/** A user sees an asset when they hold one of its spaces; a restricted space is held like any other. */
export function canReadAsset(rights: Pick<Rights, 'spaces'>, asset: Pick<AssetAccessSubject, 'spaces'>): boolean {
  return asset.spaces.some((space) => rights.spaces.includes(space));
}

/**
 * The rights one user has on one asset version (spec 000 §6). The server authorises calls with these and
 * presents them as the methods of the asset's links, which the app reads (editable = self allows PUT, ...).
 * Editing needs the asset's space and locale and a creator or translator role; deleting, publishing and
 * unpublishing need a creator; a published version is unpublished before it can be deleted. Stencils with a
 * role of their own (content-hub, occasion-campaign, onsite-promotion) need that role for every change.
 */
export function assetRights(input: { rights: Rights; asset: AssetAccessSubject; previewable: boolean; previewExcludedSpaces: readonly string[] }): AssetRights {
  const { rights, asset } = input;
  const read = canReadAsset(rights, asset);
  const role = stencilRole(asset.stencil);
  const mayChange = read && rights.localizations.includes(asset.localization) && (role === undefined || rights.roles.includes(role));
  const creator = isCreator(rights);
  return {
    read,
    edit: mayChange && (creator || rights.roles.includes('translator')),
    delete: mayChange && creator && asset.status !== 'published',
    publish: mayChange && creator,
    depublish: mayChange && creator && asset.status === 'published',
    preview: read && input.previewable && !asset.spaces.every((space) => input.previewExcludedSpaces.includes(space)),
    bookmark: read,
    changeSpaces: read && canChangeSpaces(rights),
    setEmbargo: read && canSetEmbargo(rights),
  };
}
