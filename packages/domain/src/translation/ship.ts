import { z } from 'zod';
import { assetRights, type AssetAccessSubject } from '../permissions/assetRights.ts';
import { mayUseLink } from '../permissions/linkRights.ts';
import type { Rights } from '../permissions/roles.ts';

/**
 * Texts of shipping from the editor. The spec shows none for a ship result (000 §8 "failure handling of ship calls:
 * not shown"); these are ours (docs/decisions.md, "Shipping from the editor").
 */
export const SHIP_TEXTS = {
  action: 'Ship',
  title: 'Ship to other locales',
  properties: 'Properties to ship',
  locales: 'Locales to ship to',
  shipping: 'Shipping...',
  shipped: 'Shipped',
  shippingFailed: 'Shipping failed',
  noRight: 'You may not edit this locale.',
  refused: 'Not shipped: you may not change these properties in this locale.',
  failed: 'Not shipped: the properties could not be written to this locale.',
} as const;

/** One target's outcome, as `PATCH .../actions/ship` and `PATCH {container}/actions/bulk-ship` answer it (spec 000 §7). */
export const shipLocaleResultSchema = z.object({
  localization: z.string(),
  /** 200 when shipped; otherwise the HTTP status the target was refused or failed with. */
  status: z.number().int(),
  messages: z.array(z.string()),
});
export type ShipLocaleResult = z.infer<typeof shipLocaleResultSchema>;

export const shipResponseSchema = z.object({ data: z.array(shipLocaleResultSchema) });
export type ShipResponse = z.infer<typeof shipResponseSchema>;

/** Spec 000 §7 bulk-ship: `PATCH {container}/actions/bulk-ship` with the source locale, the targets and the properties. */
export interface BulkShipBody {
  sourceLocale: string;
  localesToShip: string[];
  propertiesToShip: string[];
}

/** How a target locale's ship ended: shipped, refused for rights (403) or failed otherwise. */
export function shipOutcome(result: Pick<ShipLocaleResult, 'status'>): 'shipped' | 'refused' | 'failed' {
  if (result.status >= 200 && result.status < 300) return 'shipped';
  return result.status === 403 ? 'refused' : 'failed';
}

/**
 * Spec 000 §6, §7 ship: whether a user may ship into a target version: the right the server checks on each target
 * (its self link's PUT, `LINK_RIGHTS`), computed from the same rule (`assetRights`) for the target's locale and status.
 */
export function canShipTo(input: { rights: Rights; target: AssetAccessSubject }): boolean {
  return mayUseLink(assetRights({ rights: input.rights, asset: input.target, previewable: false, previewExcludedSpaces: [] }), 'self', 'PUT');
}
