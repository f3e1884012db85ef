import { useState } from 'react';
import { ScrollArea, SegmentedControl, Stack } from '@mantine/core';
import { AssetRow } from './AssetRow.tsx';
import { useAthletes, type AthletesKind } from './useAthletes.ts';
import { WidgetInfiniteEnd } from './WidgetInfiniteEnd.tsx';
import { ALL_UP_TO_DATE, WidgetEmpty, WidgetError, WidgetLoading, WidgetPanel } from './WidgetStates.tsx';

function AthletesList({ kind }: { kind: AthletesKind }) {
  const athletes = useAthletes(kind);
  if (athletes.isError && !athletes.isFetchNextPageError) return <WidgetError onRetry={() => void athletes.refetch()} />;
  if (athletes.isPending) return <WidgetLoading what="athletes" />;
  if (athletes.athletes.length === 0) return <WidgetEmpty text={ALL_UP_TO_DATE} />;
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Stack gap={6}>
        {athletes.athletes.map((item) => (
          <AssetRow key={`${item.id}-${item.localization}`} item={item} />
        ))}
        <WidgetInfiniteEnd list={athletes} count={athletes.athletes.length} what="athletes" />
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** Spec 001 §2.2, §4 Athletes ('New Athletes'): new (draft) or existing (published) athletes, an infinite list. */
export function AthletesWidget() {
  const [kind, setKind] = useState<AthletesKind>('new');
  return (
    <WidgetPanel
      title="New Athletes"
      actions={
        <SegmentedControl
          size="xs"
          value={kind}
          onChange={(value) => setKind(value as AthletesKind)}
          data={[
            { value: 'new', label: 'New' },
            { value: 'existing', label: 'Existing' },
          ]}
        />
      }
    >
      <AthletesList key={kind} kind={kind} />
    </WidgetPanel>
  );
}
