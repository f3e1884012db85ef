import { Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconHeadphones, IconPhoto, IconWorldOff } from '@tabler/icons-react';
import { geoblockText, type MediaLibraryItem } from '@editor/domain';
import { CardThumbnail } from '../asset-card/CardThumbnail.tsx';
import { formatDisplayDate } from '../../ui/formatDate.ts';
import { cardThumbnail, cardTitle } from './mediaCard.ts';

export interface MediaArchiveCardProps {
  item: MediaLibraryItem;
  /** Create is offered to creators only; a reason disables it. */
  create?: { onCreate: () => void; isCreating: boolean; isDisabled: boolean; problem: string | undefined } | undefined;
  /** Left out where leaving the page would lose the work at hand (the Add media modal). */
  goTo?: { onGoTo: () => void; isOpening: boolean } | undefined;
  onPreview: () => void;
  /** Offered where an item is picked for an input (the Add media modal). */
  onChoose?: (() => void) | undefined;
}

function Thumbnail({ item }: { item: MediaLibraryItem }) {
  const thumbnail = cardThumbnail(item);
  const placeholder =
    thumbnail.kind === 'audio' ? { icon: <IconHeadphones size={40} stroke={1.2} />, label: 'Audio' } : { icon: <IconPhoto size={40} stroke={1.2} />, label: 'No image' };
  return <CardThumbnail ratio={16 / 9} imageUrl={thumbnail.kind === 'image' ? thumbnail.url : undefined} placeholder={placeholder} />;
}

/**
 * A media archive card (spec 001 §2.7, §9): thumbnail, the title cut to 32 characters (the whole title as its
 * tooltip), the description in two lines, the ingest date, the media id, the geoblock icon, and Go to, Create
 * and Preview (Choose in place of Go to and Create where an item is picked for an input).
 */
export function MediaArchiveCard({ item, create, goTo, onPreview, onChoose }: MediaArchiveCardProps) {
  const { title, description, ingestTimestamp, blockedCountries, assetId } = item.attributes;
  const shown = cardTitle(title);
  const heading = (
    <Text component="h3" size="sm" fw={600} lh={1.3} m={0}>
      {shown.text}
    </Text>
  );
  return (
    <Card component="article" aria-label={title} withBorder padding={0} radius="sm" style={{ flex: 1 }}>
      <Thumbnail item={item} />
      <Stack gap={6} p="xs" style={{ flex: 1 }}>
        {shown.isCut ? (
          <Tooltip label={title} withArrow multiline maw={300} fz="xs">
            {heading}
          </Tooltip>
        ) : (
          heading
        )}
        <Text size="xs" c="dimmed" lineClamp={2} data-testid="media-description">
          {description}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap={4} mt="auto">
          <Text size="xs" c="dimmed" truncate title="Media id">
            {item.id}
          </Text>
          <Group gap={6} wrap="nowrap">
            {blockedCountries.length > 0 && (
              <Tooltip label={geoblockText(blockedCountries)} withArrow multiline maw={260} fz="xs">
                <Text span c="gray.7" lh={0} role="img" aria-label="Geoblocked">
                  <IconWorldOff size={15} stroke={1.6} />
                </Text>
              </Tooltip>
            )}
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} title="Ingested">
              {formatDisplayDate(ingestTimestamp)}
            </Text>
          </Group>
        </Group>
        <Group gap={4} wrap="wrap">
          {onChoose && (
            <Button size="compact-xs" onClick={onChoose}>
              Choose
            </Button>
          )}
          {assetId && goTo && (
            <Button size="compact-xs" variant="light" onClick={goTo.onGoTo} loading={goTo.isOpening}>
              Go to
            </Button>
          )}
          {create && (
            <Tooltip label={create.problem} disabled={create.problem === undefined} withArrow multiline maw={260} fz="xs">
              {/* A disabled button fires no pointer events; the wrapper keeps the tooltip's reason reachable. */}
              <span>
                <Button size="compact-xs" variant="light" onClick={create.onCreate} loading={create.isCreating} disabled={create.isDisabled || create.problem !== undefined}>
                  Create
                </Button>
              </span>
            </Tooltip>
          )}
          <Button size="compact-xs" variant="default" onClick={onPreview}>
            Preview
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
