import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '../../router/index.ts';
import { ROUTES } from '../../router/routes.ts';
import { CreateContentButton } from '../create-content/CreateContentButton.tsx';
import { canCreateContent } from '../../parts/user/canCreateContent.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { AssetRow } from './AssetRow.tsx';
import { useRecents, type RecentsTab } from './useRecents.ts';
import { WidgetEmpty, WidgetError, WidgetLoading, WidgetPanel } from './WidgetStates.tsx';

const TABS: ReadonlyArray<{ value: RecentsTab; label: string; viewAll: keyof typeof ROUTES }> = [
  { value: 'edited', label: 'Recently Edited', viewAll: 'MyContent' },
  { value: 'favorited', label: 'Recently Favorited', viewAll: 'Favorites' },
];

function RecentsList({ tab }: { tab: RecentsTab }) {
  const currentUser = useCurrentUser();
  const recents = useRecents(tab);
  if (recents.isError) return <WidgetError onRetry={() => void recents.refetch()} />;
  if (recents.isPending) return <WidgetLoading what="recent assets" />;
  if (recents.items.length === 0) {
    // Spec 001 §8: the empty texts of the two tabs.
    return tab === 'edited' ? (
      <WidgetEmpty text="You haven't created any assets yet">{canCreateContent(currentUser) && <CreateContentButton />}</WidgetEmpty>
    ) : (
      <WidgetEmpty text="Start your collection" />
    );
  }
  return (
    <Stack gap={6}>
      {recents.items.map((item) => (
        <AssetRow key={`${item.id}-${item.localization}`} item={item} hasStar />
      ))}
    </Stack>
  );
}

/** Spec 001 §2.2 Recents: Recently Edited (the default) and Recently Favorited, each with View All. */
export function RecentsWidget() {
  const [tab, setTab] = useState<RecentsTab>('edited');
  const current = TABS.find((entry) => entry.value === tab) ?? TABS[0];
  return (
    <WidgetPanel
      title="Recents"
      actions={
        <Group justify="space-between" wrap="nowrap">
          <SegmentedControl size="xs" value={tab} onChange={(value) => setTab(value as RecentsTab)} data={TABS.map(({ value, label }) => ({ value, label }))} />
          {current && (
            <Button component={Link} to={ROUTES[current.viewAll].path} size="compact-xs" variant="subtle" rightSection={<IconArrowRight size={14} />}>
              View All
            </Button>
          )}
        </Group>
      }
    >
      <RecentsList key={tab} tab={tab} />
    </WidgetPanel>
  );
}
