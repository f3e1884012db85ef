import { Badge } from '@mantine/core';
import { ASSET_STATUSES, translationBadge, type AssetStatus, type LifecycleResponse } from '@editor/domain';

const COLORS = { Scheduled: 'blue', Published: 'green', Unpublished: 'orange', Draft: 'gray' } as const;

const isAssetStatus = (value: string): value is AssetStatus => (ASSET_STATUSES as readonly string[]).includes(value);

/**
 * Spec 000 §4 translation badge of one version: from its lifecycle once loaded, from its stored status until then
 * (or when the lifecycle cannot be had).
 */
export function TranslationBadge({ status, lifecycle }: { status: string; lifecycle: LifecycleResponse | undefined }) {
  const text = translationBadge({
    status: lifecycle?.attributes.status ?? (isAssetStatus(status) ? status : 'draft'),
    transitions: lifecycle?.attributes.scheduledTransitions ?? [],
  });
  return (
    <Badge color={COLORS[text]} variant="light" size="xs" radius="sm">
      {text}
    </Badge>
  );
}
