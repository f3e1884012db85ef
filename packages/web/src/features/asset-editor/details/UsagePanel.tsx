import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { AssetListItem, AssetVersion, UsageResponse } from '@editor/domain';
import { describeError } from '../../../ui/describeError.ts';
import { AssetCard } from '../../../parts/asset-card/AssetCard.tsx';
import { AssetCardGrid, AssetCardGridItem } from '../../../parts/asset-card/AssetCardGrid.tsx';
import { versionKey } from '../../../parts/asset-card/cardModel.ts';
import { useAssetList } from '../../../parts/asset-list/useAssetList.ts';
import { useUsage, versionsQuery } from '../../../parts/publishing/useUsage.ts';

/** Spec 002 §8: the usage failure, then the status. */
function UsageError({ error }: { error: unknown }) {
  return (
    <Stack gap={2} role="alert">
      <Text size="sm" c="red">
        Sorry, could not get usage data.
      </Text>
      <Text size="sm" c="red">
        ERROR: {describeError(error).status}
      </Text>
    </Stack>
  );
}

/** The cards of one usage page, in the usage call's order; a version that went away meanwhile is left out. */
function UsagePageCards({ page }: { page: UsageResponse }) {
  const list = useAssetList({ q: versionsQuery(page.items), limit: String(page.items.length) });
  if (list.isPending) {
    return (
      <AssetCardGridItem>
        <Center p="md">
          <Loader size="sm" aria-label="Loading usage" />
        </Center>
      </AssetCardGridItem>
    );
  }
  if (list.isError) {
    return (
      <AssetCardGridItem>
        <UsageError error={list.error} />
      </AssetCardGridItem>
    );
  }
  const byKey = new Map(list.items.map((item) => [versionKey(item), item]));
  const items = page.items.map((key) => byKey.get(versionKey(key))).filter((item): item is AssetListItem => item !== undefined);
  return items.map((item) => (
    <AssetCardGridItem key={versionKey(item)}>
      <AssetCard item={item} />
    </AssetCardGridItem>
  ));
}

/**
 * Spec 002 §2 Usage tab: how many other assets use this one, and their cards, 8 per load with Load more. The usage
 * call answers ids and locales only; each page's cards come from one list call for exactly those versions, so they
 * are the list's own items (bookmark stars included).
 */
export function UsagePanel({ asset }: { asset: AssetVersion }) {
  const link = asset._links['p:usage'];
  const usage = useUsage(link.href, { isEnabled: link.methods.includes('GET') });
  if (!link.methods.includes('GET')) return null;
  if (usage.isPending) return <Loader size="sm" aria-label="Loading usage" />;
  if (usage.isError && usage.total === undefined) return <UsageError error={usage.error} />;

  return (
    <Stack gap="md">
      <Text size="sm">{usage.total ? `This asset is used by ${usage.total} other asset(s).` : 'This asset is not used in other assets so far.'}</Text>
      {usage.pages.some((page) => page.items.length > 0) && (
        <AssetCardGrid>
          {usage.pages.map((page, index) => (page.items.length > 0 ? <UsagePageCards key={index} page={page} /> : null))}
        </AssetCardGrid>
      )}
      {usage.isFetchNextPageError && <UsageError error={usage.error} />}
      {usage.hasNextPage && (
        <Button variant="default" size="xs" style={{ alignSelf: 'center' }} loading={usage.isFetchingNextPage} onClick={() => void usage.fetchNextPage()}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
