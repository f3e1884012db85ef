import { UNPUBLISH_DATE_REQUIRED_STENCILS, type PublishCheckItem, type PublishCheckResponse } from '@editor/domain';

/** One version that keeps the asset from being published, as the modal lists it. */
export interface BlockingVersion {
  id: string;
  localization: string;
  /** The title from the check's items, or the id when the check did not describe the version. */
  title: string;
  messages: readonly string[];
  isEmbargoRestricted: boolean;
}

const keyOf = (version: { id: string; localization: string }) => `${version.id}\u0000${version.localization}`;

/**
 * The versions that stop the publish (spec 002 §4 "error assets"): those with errors, then those whose embargo does
 * not allow publishing now, each once.
 */
export function blockingVersions(check: PublishCheckResponse): BlockingVersion[] {
  const described = new Map<string, PublishCheckItem>([...check.items, ...check.errorItems].map((item) => [keyOf(item), item]));
  const blocking = new Map<string, BlockingVersion>();
  for (const item of check.errorItems) {
    blocking.set(keyOf(item), { ...pick(item), title: item.title, messages: item.errorMessages.map((error) => error.message), isEmbargoRestricted: false });
  }
  for (const relation of check.embargoRestrictedRelations) {
    const existing = blocking.get(keyOf(relation));
    if (existing) {
      existing.isEmbargoRestricted = true;
      continue;
    }
    blocking.set(keyOf(relation), { ...pick(relation), title: described.get(keyOf(relation))?.title ?? relation.id, messages: [], isEmbargoRestricted: true });
  }
  return [...blocking.values()];
}

const pick = (version: { id: string; localization: string }) => ({ id: version.id, localization: version.localization });

/** Whether the check allows publishing: ready, and nothing blocking. */
export function canPublishAfter(check: PublishCheckResponse): boolean {
  return check.readyToPublish && blockingVersions(check).length === 0;
}

/**
 * Spec 002 §4 publish modal header. Blocked: the count of distinct blocking versions (errors and embargo limits).
 * Otherwise, when more than the asset itself would be published: every version the publish touches, the asset
 * included. Else 'Publish'.
 */
export function publishHeader(check: PublishCheckResponse | undefined): string {
  if (!check) return 'Publish';
  const blocking = blockingVersions(check).length;
  if (blocking > 0) return `The asset cannot be published because of ${blocking} relation(s) with warnings`;
  if (check.items.length > 1) return `The publishing process will publish ${check.items.length} asset(s)`;
  return 'Publish';
}

/** Spec 002 §5: on-site promotions and external content need an unpublish date. */
export function requiresUnpublishDate(stencil: string): boolean {
  return UNPUBLISH_DATE_REQUIRED_STENCILS.includes(stencil);
}
