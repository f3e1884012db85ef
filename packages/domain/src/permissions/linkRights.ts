import type { AssetRights, HttpMethod } from './assetRights.ts';

/**
 * Spec 000 §3, §6: the right each method of each link of an asset version needs. The presenter offers a method when
 * the user holds its right and the server's guard refuses a call when the user does not, from this one table.
 */
export const LINK_RIGHTS = {
  self: { GET: 'read', PUT: 'edit', PATCH: 'edit', DELETE: 'delete' },
  'p:publish': { POST: 'publish' },
  'p:depublish': { POST: 'depublish' },
  'p:publishcheck': { GET: 'publish' },
  'p:preview': { POST: 'preview' },
  'p:usage': { GET: 'read' },
  'p:localization': { GET: 'read' },
  'p:bookmark': { PUT: 'bookmark', DELETE: 'bookmark' },
  // Shipping writes the targets and the source's lastShipped: it needs the source's edit right (each target's too).
  'p:ship': { PATCH: 'edit' },
  'p:changeSpaces': { PUT: 'changeSpaces' },
  'p:setEmbargoDate': { POST: 'setEmbargo' },
} as const satisfies Record<string, Partial<Record<HttpMethod, keyof AssetRights>>>;

export type AssetLinkRelation = keyof typeof LINK_RIGHTS;

/** Spec 000 §6: whether the link `relation` of a version offers `method` to a user with these rights. */
export function mayUseLink(rights: AssetRights, relation: AssetLinkRelation, method: HttpMethod): boolean {
  const needed = (LINK_RIGHTS[relation] as Partial<Record<HttpMethod, keyof AssetRights>>)[method];
  return needed !== undefined && rights[needed];
}

/** Spec 000 §6: the methods the link `relation` of a version offers, in the table's order. */
export function linkMethods(rights: AssetRights, relation: AssetLinkRelation): HttpMethod[] {
  return (Object.keys(LINK_RIGHTS[relation]) as HttpMethod[]).filter((method) => mayUseLink(rights, relation, method));
}

/** The methods of the asset version's self link. */
export function selfMethods(rights: AssetRights): HttpMethod[] {
  return linkMethods(rights, 'self');
}
