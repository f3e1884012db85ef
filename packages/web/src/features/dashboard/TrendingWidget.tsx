import { useEffect, useRef } from 'react';
import { ActionIcon, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { withTrendingFeed, type UserSettings } from '@editor/domain';
import { ErrorView } from '../../ui/ErrorView.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { useSaveSettings } from '../profile/useSaveSettings.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { ConfigureFeedModal } from './ConfigureFeedModal.tsx';
import { TrendingCard } from './TrendingCard.tsx';
import { trendingScrollStep } from './trendingScroll.ts';
import { useTrending } from './useTrending.ts';
import { WidgetEmpty, WidgetLoading, WidgetPanel } from './WidgetStates.tsx';

const NO_CHOICES = { assetTypes: [], locales: [], disciplines: [], eventSeries: [] };

/** Spec 001 §8 'Reset Filter': the feed's choices are cleared, so the defaults of §9 apply again. */
function ResetFilterButton() {
  const { user } = useCurrentUser();
  const saveSettings = useSaveSettings();
  const handleReset = () => {
    const { _links: _self, ...settings } = user.settings;
    saveSettings.mutate({ href: user.settings._links.self.href, settings: withTrendingFeed<UserSettings>(settings, NO_CHOICES) });
  };
  return (
    <Button size="xs" variant="light" onClick={handleReset} loading={saveSettings.isPending}>
      Reset Filter
    </Button>
  );
}

/**
 * Spec 001 §2.2 Latest Media Content: the trending cards in one row, scrolled by whole visible cards with the
 * arrows, and the 'Configure your Feed' modal.
 */
export function TrendingWidget() {
  const trending = useTrending();
  const [isConfiguring, configure] = useDisclosure(false);
  const rowRef = useRef<HTMLDivElement>(null);

  // Spec 001 §8: each failed fetch also says so in a toast, beside the error screen.
  const failedAt = trending.isError ? trending.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt > 0) showToast({ kind: 'error', message: 'Trending assets could not be fetched' });
  }, [failedAt]);

  const scrollBy = (direction: 1 | -1) => {
    const row = rowRef.current;
    if (row) row.scrollBy({ left: direction * trendingScrollStep(row.clientWidth), behavior: 'smooth' });
  };

  const body = () => {
    if (trending.isError) return <ErrorView error={trending.error} onOk={() => void trending.refetch()} />;
    if (trending.isPending) return <WidgetLoading what="trending content" />;
    if (trending.data.length === 0) {
      return (
        <WidgetEmpty text="No trending content found">
          <ResetFilterButton />
        </WidgetEmpty>
      );
    }
    return (
      <Group gap={4} wrap="nowrap" align="stretch">
        <ActionIcon variant="subtle" color="gray" aria-label="Previous trending assets" onClick={() => scrollBy(-1)} style={{ alignSelf: 'center' }}>
          <IconChevronLeft size={18} />
        </ActionIcon>
        <div ref={rowRef} style={{ display: 'flex', gap: 4, overflowX: 'auto', scrollSnapType: 'x mandatory', flex: 1, minWidth: 0, paddingBottom: 4 }}>
          {trending.data.map((asset) => (
            <div key={`${asset.id}-${asset.localization}`} style={{ scrollSnapAlign: 'start', display: 'flex' }}>
              <TrendingCard asset={asset} />
            </div>
          ))}
        </div>
        <ActionIcon variant="subtle" color="gray" aria-label="Next trending assets" onClick={() => scrollBy(1)} style={{ alignSelf: 'center' }}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
    );
  };

  return (
    <WidgetPanel
      title="Latest Media Content"
      actions={
        <Group>
          <Button size="compact-xs" variant="subtle" leftSection={<IconAdjustmentsHorizontal size={14} />} onClick={configure.open}>
            Configure your Feed
          </Button>
        </Group>
      }
    >
      {body()}
      <ConfigureFeedModal opened={isConfiguring} onClose={configure.close} />
    </WidgetPanel>
  );
}
