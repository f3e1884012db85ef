import { ActionIcon, Badge, Card, Group, Stack, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconCrop, IconLock, IconPointFilled, IconStar, IconStarFilled, IconWorldOff } from '@tabler/icons-react';
import { formatDisplayDate } from '../../ui/formatDate.ts';
import type { ReactNode } from 'react';
import { Link } from '../../router/index.ts';
import { truncateText, type AssetListItem } from '@editor/domain';
import { assetEditorPath } from '../../router/routes.ts';
import { StencilIcon } from '../../ui/StencilIcon.tsx';
import { TooltipList } from '../../ui/TooltipList.tsx';
import classes from './AssetCard.module.css';
import { CardThumbnail } from './CardThumbnail.tsx';
import { EditingAvatars } from './EditingAvatars.tsx';
import { MediaPreviewButton } from './MediaPreviewButton.tsx';
import { AssetCardMoreMenu, AssetCardTranslationsButton } from './AssetCardMenus.tsx';
import { UNTITLED, cardModel, type CardModel } from './cardModel.ts';
import { useToggleBookmark } from './useToggleBookmark.ts';

/** In a picker the card selects instead of opening. */
export interface CardSelection {
  isSelected: boolean;
  onToggle: () => void;
}

const displayDate = formatDisplayDate;

/** A small icon that says what it means in its tooltip and to screen readers. */
function FlagIcon({ label, color, children }: { label: ReactNode; color: string; children: ReactNode }) {
  return (
    <Tooltip label={label} withArrow multiline maw={260} fz="xs">
      <Text span c={color} lh={0} role="img" aria-label={typeof label === 'string' ? label : undefined} className={classes.raised}>
        {children}
      </Text>
    </Tooltip>
  );
}

/** Spec 000 §4, §8: card health with its message and issue count, then the Geoblocked, Uncropped and Readonly icons. */
function CardFlags({ model }: { model: CardModel }) {
  const { health, healthMessage, issueText, flags } = model;
  // The light-variant text colours, which meet 4.5:1 on white (see theme.ts).
  const healthColor = health === 'error' ? 'var(--mantine-color-red-light-color)' : 'var(--mantine-color-orange-light-color)';
  return (
    <Group gap={6} wrap="nowrap">
      {healthMessage && (
        <Tooltip
          label={
            <>
              {healthMessage}
              <br />
              {issueText}
            </>
          }
          withArrow
          multiline
          maw={260}
          fz="xs"
        >
          <Group gap={2} wrap="nowrap" c={healthColor} className={classes.raised} role="img" aria-label={healthMessage} data-health={health}>
            {health === 'error' ? <IconAlertCircle size={15} stroke={1.8} /> : <IconAlertTriangle size={15} stroke={1.8} />}
            <Text span size="xs" fw={500} c={healthColor}>
              {issueText}
            </Text>
          </Group>
        </Tooltip>
      )}
      {flags.geoblocked && (
        <FlagIcon label="Geoblocked" color="gray.7">
          <IconWorldOff size={15} stroke={1.6} />
        </FlagIcon>
      )}
      {flags.uncropped && (
        <FlagIcon label="Uncropped" color="gray.7">
          <IconCrop size={15} stroke={1.6} />
        </FlagIcon>
      )}
      {!flags.editable && (
        <FlagIcon label="Readonly" color="gray.7">
          <IconLock size={15} stroke={1.6} />
        </FlagIcon>
      )}
    </Group>
  );
}

function CardImage({ item }: { item: AssetListItem }) {
  return <CardThumbnail ratio={16 / 9} imageUrl={item.imageUrl} placeholder={{ icon: <StencilIcon name={item.stencilIcon} size={36} stroke={1.2} />, label: 'No image' }} />;
}

/** Spec 001 §2.2: the star toggle, filled when the asset is a favorite (the bookmark call). */
export function StarButton({ item }: { item: AssetListItem }) {
  const toggleBookmark = useToggleBookmark();
  const isBookmarked = item._embedded.about._meta.bookmarked;
  return (
    <ActionIcon
      variant="subtle"
      color={isBookmarked ? 'yellow' : 'gray'}
      size="sm"
      aria-label="Favorite"
      aria-pressed={isBookmarked}
      onClick={() => toggleBookmark.mutate({ item, bookmarked: !isBookmarked })}
    >
      {isBookmarked ? <IconStarFilled size={16} /> : <IconStar size={16} stroke={1.6} />}
    </ActionIcon>
  );
}

/**
 * The standard asset card (spec 000 §2, 001 §2.3): image, stencil, title, locale and translations, status, spaces,
 * health and flags, star and overflow menu. The whole card is a link to the asset's editor, so it opens in a new
 * tab like any link; in a picker (`selection`) the whole card selects instead.
 */
export function AssetCard({ item, selection }: { item: AssetListItem; selection?: CardSelection | undefined }) {
  const model = cardModel(item);
  const editorPath = assetEditorPath({ id: item.id, locale: item.localization });
  // A new asset has no title yet; the link still needs a name.
  const title = item.title ? (
    <Text component="span" size="sm" fw={600} lh={1.3} lineClamp={2} title={item.title}>
      {truncateText(item.title)}
    </Text>
  ) : (
    <Text component="span" size="sm" fw={500} lh={1.3} c="dimmed" fs="italic">
      {UNTITLED}
    </Text>
  );

  return (
    <Card component="article" aria-label={item.title || UNTITLED} withBorder padding={0} radius="sm" className={classes.card} mod={{ selected: selection?.isSelected }} style={{ flex: 1 }}>
      <CardImage item={item} />
      <MediaPreviewButton item={item} />
      {selection?.isSelected && (
        <ThemeIcon size="sm" radius="xl" className={classes.check}>
          <IconCheck size={14} />
        </ThemeIcon>
      )}
      <Stack gap={6} p="xs" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Group gap={4} wrap="nowrap" c="dimmed" miw={0}>
            <StencilIcon name={item.stencilIcon} size={14} />
            <Text size="xs" c="dimmed" truncate>
              {item.stencilLabel}
            </Text>
          </Group>
          <Group gap={0} wrap="nowrap" className={classes.raised}>
            <AssetCardTranslationsButton item={item} model={model} />
            <StarButton item={item} />
            <AssetCardMoreMenu item={item} />
          </Group>
        </Group>
        {selection ? (
          <UnstyledButton className={classes.cover} aria-pressed={selection.isSelected} onClick={selection.onToggle}>
            {title}
          </UnstyledButton>
        ) : (
          <Link to={editorPath} className={classes.cover}>
            {title}
          </Link>
        )}
        <Group justify="space-between" wrap="nowrap" gap={4} mt="auto">
          <Group gap={4} wrap="nowrap">
            <Badge color={model.badge.color} variant="light" size="xs" radius="sm">
              {model.badge.text}
            </Badge>
            {model.isEdited && (
              <FlagIcon label="Edited since it was last published" color="orange.6">
                <IconPointFilled size={14} />
              </FlagIcon>
            )}
            <EditingAvatars assetId={item.id} />
          </Group>
          <CardFlags model={model} />
        </Group>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text size="xs" c="dimmed" truncate>
            {model.space}
            {model.additionalSpaces.length > 0 && (
              <Tooltip label={<TooltipList items={model.additionalSpaces} />} withArrow fz="xs">
                <Text span size="xs" c="dimmed" ml={4} fw={600} className={classes.raised}>
                  +{model.additionalSpaces.length}
                </Text>
              </Tooltip>
            )}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} title="Last edited">
            {displayDate(item._meta.updatedDate)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
