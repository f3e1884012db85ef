import { ASSET_STATUSES, canShipTo, displayStatus, type AssetStatus, type AssetVersion, type Rights, type StencilDefinition } from '@editor/domain';
import { localeLabel } from '../../../ui/localeDisplay.ts';

/** One other locale of the asset, as the ship modal offers it. */
export interface ShipTarget {
  locale: string;
  label: string;
  /** The version's status as the app shows it. */
  status: string;
  /** The user may write this version (the right the server checks on each target). */
  canShip: boolean;
}

const isAssetStatus = (status: string): status is AssetStatus => (ASSET_STATUSES as readonly string[]).includes(status);

/** Spec 000 §7 ship: the asset's other versions, each with whether this user may ship into it. */
export function shipTargets(input: { version: AssetVersion; rights: Rights }): ShipTarget[] {
  const { version } = input;
  const about = version._embedded.about._meta;
  return about.localizations
    .filter((entry) => entry.localization !== version.localization)
    .map((entry) => ({
      locale: entry.localization,
      label: localeLabel(entry.localization),
      status: isAssetStatus(entry.status) ? displayStatus({ status: entry.status }) : entry.status,
      canShip: isAssetStatus(entry.status) && canShipTo({ rights: input.rights, target: { stencil: version.stencil, spaces: about.spaces, localization: entry.localization, status: entry.status } }),
    }));
}

/** The inputs that may be shipped: the stencil's top-level inputs a person can change (not readonly). */
export function shippableInputs(stencil: StencilDefinition): Array<{ name: string; label: string }> {
  return stencil.inputs.filter((input) => input.view.readonly !== true).map((input) => ({ name: input.name, label: input.view.label }));
}
