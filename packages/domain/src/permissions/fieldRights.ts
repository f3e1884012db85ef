import { isAdmin, isEmbargoDateManager, isTaxonomyManager, isTechnician, type Rights } from './roles.ts';

/** What decides whether a user may change one input of an asset version. */
export interface FieldEditContext {
  rights: Pick<Rights, 'roles'>;
  /** The asset has been published at least once (`_meta.published`): its URI slug is in use. */
  isPublished: boolean;
  /** Spec 000 §3: a URI slug claim is pending (the title moves to this asset on publish). */
  isSlugClaimPending?: boolean | undefined;
}

export interface FieldEditRule {
  editable: boolean;
}

/** Spec 002 §5 "Field-level", §6; 001 §5: inputs only a taxonomy manager may change. */
export const TAXONOMY_MANAGER_INPUTS: readonly string[] = [
  'main-partner',
  'main-partner-caption',
  'product-related-quote',
  'no-monetization',
  'partner-hosted-livestream-container',
];

/** Spec 001 §5: the motorsport ids only an admin may change. */
export const ADMIN_INPUTS: readonly string[] = ['motorsport-event-id', 'motorsport-season-id', 'motorsport-series-id'];

/** The URI slug: `uri-slug` in the spec, `uri-title` in our stencils (the last part of the page address). */
export const URI_SLUG_INPUTS: readonly string[] = ['uri-slug', 'uri-title'];

/** Spec 002 §5: inputs only an embargo-date manager may change. */
export const EMBARGO_DATE_MANAGER_INPUTS: readonly string[] = ['playability-start-date'];

/**
 * Spec 002 §5 "Field-level", §6: whether the user may change a top-level input. Taxonomy-manager inputs, admin-only
 * motorsport ids, the uri-slug of a published asset (admin or technician; nobody while a claim is pending) and the
 * playability start date (embargo-date manager) are restricted; every other input is editable. The asset's own
 * rights (edit at all) are checked separately.
 */
export function fieldEditRule(inputName: string, context: FieldEditContext): FieldEditRule {
  const { rights } = context;
  if (TAXONOMY_MANAGER_INPUTS.includes(inputName)) return { editable: isTaxonomyManager(rights) };
  if (ADMIN_INPUTS.includes(inputName)) return { editable: isAdmin(rights) };
  if (EMBARGO_DATE_MANAGER_INPUTS.includes(inputName)) return { editable: isEmbargoDateManager(rights) };
  if (URI_SLUG_INPUTS.includes(inputName)) {
    // A pending claim moves the slug to this asset on publish: changing it meanwhile would orphan the claim.
    if (context.isSlugClaimPending === true) return { editable: false };
    return { editable: !context.isPublished || isAdmin(rights) || isTechnician(rights) };
  }
  return { editable: true };
}
