import { useMemo } from 'react';
import { Button, Group, Text } from '@mantine/core';
import {
  GALLERY_DISPLAY_TYPES,
  IMAGE_ORIENTATIONS,
  IMAGE_SIZES,
  galleryDisplayTypeOf,
  imagePlacementOf,
  isRecord,
  metaWithStyle,
  withGalleryDisplayType,
  withImageOrientation,
  withImageSize,
  type ElementStyle,
} from '@editor/domain';
import { useFieldValue, useSetFieldValue } from '../../editor-state/fieldHooks.ts';
import type { ValuePath } from '../../editor-state/valuePath.ts';

const ORIENTATION_LABELS = { none: 'None', landscape: 'Landscape', portrait: 'Portrait' } as const;
const SIZE_LABELS = { NONE: 'None', S: 'S', M: 'M', L: 'L', XL: 'XL' } as const;
const DISPLAY_TYPE_LABELS = { grid: 'Grid', rail: 'Rail' } as const;

const newStyleId = () => crypto.randomUUID();

interface ChoiceButtonsProps<T extends string> {
  label: string;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  value: T | undefined;
  disabled: boolean;
  onChoose: (value: T) => void;
}

/** A row of toggle buttons, the chosen one pressed; read by screen readers as a named group. */
function ChoiceButtons<T extends string>({ label, options, labels, value, disabled, onChoose }: ChoiceButtonsProps<T>) {
  return (
    <div role="group" aria-label={label}>
      <Text size="xs" fw={500} mb={2} aria-hidden>
        {label}
      </Text>
      <Button.Group>
        {options.map((option) => (
          <Button key={option} size="compact-xs" variant={option === value ? 'filled' : 'default'} aria-pressed={option === value} disabled={disabled} onClick={() => onChoose(option)}>
            {labels[option]}
          </Button>
        ))}
      </Button.Group>
    </div>
  );
}

/** The item's `_meta` and a setter for its style (the rest of the meta, an anchor for example, stays). */
function useItemStyle(itemPath: ValuePath) {
  const metaPath = useMemo(() => [...itemPath, '_meta'], [itemPath]);
  const meta = useFieldValue(metaPath);
  const setMeta = useSetFieldValue(metaPath);
  const style = isRecord(meta) ? meta.style : undefined;
  return { style, setStyle: (next: ElementStyle | undefined) => setMeta(metaWithStyle(meta, next)) };
}

interface PlacementProps {
  /** The element's path in its list (`[...list, itemStep]`). */
  itemPath: ValuePath;
  disabled: boolean;
}

/** Spec 001 §3-§5: an image element's orientation and size; None, or the active size again, clears one. */
export function ImagePlacement({ itemPath, disabled }: PlacementProps) {
  const { style, setStyle } = useItemStyle(itemPath);
  const { orientation, size } = imagePlacementOf(style);
  return (
    <Group gap="lg" mb="xs">
      <ChoiceButtons label="Orientation" options={IMAGE_ORIENTATIONS} labels={ORIENTATION_LABELS} value={orientation} disabled={disabled} onChoose={(next) => setStyle(withImageOrientation(style, next, newStyleId))} />
      <ChoiceButtons label="Size" options={IMAGE_SIZES} labels={SIZE_LABELS} value={size} disabled={disabled} onChoose={(next) => setStyle(withImageSize(style, next, newStyleId))} />
    </Group>
  );
}

/** Spec 001 §3: how a gallery element shows its images, as a grid or a rail. */
export function GalleryDisplayType({ itemPath, disabled }: PlacementProps) {
  const { style, setStyle } = useItemStyle(itemPath);
  return (
    <Group mb="xs">
      <ChoiceButtons label="Gallery display" options={GALLERY_DISPLAY_TYPES} labels={DISPLAY_TYPE_LABELS} value={galleryDisplayTypeOf(style)} disabled={disabled} onChoose={(next) => setStyle(withGalleryDisplayType(style, next, newStyleId))} />
    </Group>
  );
}
