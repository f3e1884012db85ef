/** Spec 002 §3: the stored status of an asset version. */
export const ASSET_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

/** Spec 000 §4: the status as shown, including the two that exist only in the app or through AI. */
export type DisplayStatus = 'Unpublished' | 'Published' | 'Draft' | 'Local draft' | 'AI Draft';

export type BadgeKind = 'success' | 'inactive' | 'warning';

/** Spec 000 §4: the raw status arrives in lowercase and is shown capitalised; AI Draft when confirmation is needed. */
export function displayStatus(input: { status: AssetStatus; isLocal?: boolean; aiTranslationNeedsConfirmation?: boolean }): DisplayStatus {
  if (input.isLocal) return 'Local draft';
  if (input.aiTranslationNeedsConfirmation && input.status === 'draft') return 'AI Draft';
  if (input.status === 'published') return 'Published';
  if (input.status === 'unpublished') return 'Unpublished';
  return 'Draft';
}

/** Spec 000 §4 badge mapping: Published is success; Draft, Local draft and AI Draft are inactive and read Draft; Unpublished is warning. */
export function statusBadge(status: DisplayStatus): { kind: BadgeKind; text: string } {
  switch (status) {
    case 'Published':
      return { kind: 'success', text: 'Published' };
    case 'Unpublished':
      return { kind: 'warning', text: 'Unpublished' };
    case 'Draft':
    case 'Local draft':
    case 'AI Draft':
      return { kind: 'inactive', text: 'Draft' };
  }
}

/** Spec 000 §4: unpublished-change count equals changed plus previewed properties when published, otherwise 0. */
export function unpublishedChangeCount(input: { status: AssetStatus; changedProperties: readonly string[]; previewedProperties: readonly string[] }): number {
  return input.status === 'published' ? input.changedProperties.length + input.previewedProperties.length : 0;
}

export type CardHealth = 'ok' | 'warning' | 'error';

/** Spec 000 §4 card health: error with validation errors; warning when geoblocked in the asset country, uncropped or unpublished. */
export function cardHealth(input: { errorCount: number; isGeoblockedInAssetCountry: boolean; isUncropped: boolean; status: AssetStatus }): CardHealth {
  if (input.errorCount > 0) return 'error';
  if (input.isGeoblockedInAssetCountry || input.isUncropped || input.status === 'unpublished') return 'warning';
  return 'ok';
}

/** Spec 000 §8 card messages. */
export function cardHealthMessage(health: CardHealth, stencilLabel: string): string | undefined {
  if (health === 'error') return `This asset is facing an error. Please resolve to publish your ${stencilLabel}.`;
  if (health === 'warning') return 'This asset is facing an issue. Please optimize.';
  return undefined;
}

/** Spec 002 §2 action bar error count, exactly as the spec writes it: 'N issue(s) prevent publishing'. */
export function publishingIssuesText(count: number): string {
  return `${count} issue(s) prevent publishing`;
}

/** Spec 000 §8: '{n} issue' or '{n} issues'. */
export function issueCountText(count: number): string {
  return `${count} ${count === 1 ? 'issue' : 'issues'}`;
}
