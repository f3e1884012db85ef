import type { MouseEvent } from 'react';
import { ActionIcon, Box, Group, Image, Stack } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { MAP_ZOOM_RANGE, STATIC_MAP_SIZES, pointAtOffset, staticMapUrl, type GeodataValue } from '@editor/domain';

export interface MapView {
  center: { latitude: number; longitude: number };
  zoom: number;
}

const { width: MAP_WIDTH, height: MAP_HEIGHT } = STATIC_MAP_SIZES.default;

/**
 * The geodata map (spec 002 §4): the server's static map (spec 000 §7) at the view's centre and zoom with the value's
 * marker, zoom in and out, and a click that sets the point where the map shows it (Web Mercator, so the map need not
 * be loaded to know).
 */
export function GeodataMap({ view, value, disabled, onViewChange, onPick }: {
  view: MapView;
  value: GeodataValue | undefined;
  disabled: boolean;
  onViewChange: (view: MapView) => void;
  onPick: (point: { latitude: number; longitude: number }) => void;
}) {
  const src = staticMapUrl({ center: view.center, zoom: view.zoom, ...(value ? { marker: value } : {}) });

  const handleClick = (event: MouseEvent<HTMLImageElement>) => {
    if (disabled) return;
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    // The image may be drawn smaller than the map it shows.
    const dx = ((event.clientX - rect.left) * MAP_WIDTH) / rect.width - MAP_WIDTH / 2;
    const dy = ((event.clientY - rect.top) * MAP_HEIGHT) / rect.height - MAP_HEIGHT / 2;
    onPick(pointAtOffset({ center: view.center, zoom: view.zoom, dx, dy }));
  };

  const zoomTo = (zoom: number) => onViewChange({ ...view, zoom: Math.max(MAP_ZOOM_RANGE.min, Math.min(MAP_ZOOM_RANGE.max, zoom)) });

  return (
    <Stack gap={4}>
      <Box pos="relative" maw={MAP_WIDTH}>
        <Image
          src={src}
          alt={value ? `Map of ${value.latitude}, ${value.longitude}` : 'Map'}
          w="100%"
          style={{ aspectRatio: `${MAP_WIDTH} / ${MAP_HEIGHT}`, cursor: disabled ? 'default' : 'crosshair' }}
          radius="sm"
          onClick={handleClick}
          data-zoom={view.zoom}
        />
        <Group gap={4} pos="absolute" top={8} right={8}>
          <ActionIcon variant="default" aria-label="Zoom in" disabled={view.zoom >= MAP_ZOOM_RANGE.max} onClick={() => zoomTo(view.zoom + 1)}>
            <IconPlus size={16} />
          </ActionIcon>
          <ActionIcon variant="default" aria-label="Zoom out" disabled={view.zoom <= MAP_ZOOM_RANGE.min} onClick={() => zoomTo(view.zoom - 1)}>
            <IconMinus size={16} />
          </ActionIcon>
        </Group>
      </Box>
    </Stack>
  );
}
