import type { MouseEvent } from 'react';
import { ActionIcon, Box, Button, Center, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { MAP_ZOOM_RANGE, STATIC_MAP_SIZES, pointAtOffset, staticMapUrl, type GeodataValue } from '@editor/domain';
import { ApiError } from '../../api/client.ts';
import { useStaticMap } from './placesApi.ts';

export interface MapView {
  center: { latitude: number; longitude: number };
  zoom: number;
}

const { width: MAP_WIDTH, height: MAP_HEIGHT } = STATIC_MAP_SIZES.default;
const MAP_FRAME = { aspectRatio: `${MAP_WIDTH} / ${MAP_HEIGHT}` };

/** What the person can do about a map that did not load. */
function mapFailureHint(error: unknown): string {
  if (error instanceof ApiError && (error.status === 429 || error.status === 503)) return 'The map service is busy. Wait a moment, then try again.';
  if (error instanceof ApiError && error.status === 401) return 'Your session has ended. Sign in again to see the map.';
  return 'Check your connection, then try again.';
}

/**
 * The geodata map (spec 002 §4): the server's static map (spec 000 §7) at the view's centre and zoom with the value's
 * marker, zoom in and out, and a click that sets the point where the map shows it (Web Mercator, so the map need not
 * be loaded to know). The map is fetched with the user's token; while the next view loads the last one stays, and
 * a map that fails says so, and what to do, with a way to try again.
 */
export function GeodataMap({ view, value, disabled, onViewChange, onPick }: {
  view: MapView;
  value: GeodataValue | undefined;
  disabled: boolean;
  onViewChange: (view: MapView) => void;
  onPick: (point: { latitude: number; longitude: number }) => void;
}) {
  const map = useStaticMap(staticMapUrl({ center: view.center, zoom: view.zoom, ...(value ? { marker: value } : {}) }));
  const src = map.data;
  // The last view's map, shown while this one loads, is not where a click would land.
  const isStale = map.isPlaceholderData;

  const handleClick = (event: MouseEvent<HTMLImageElement>) => {
    if (disabled || isStale) return;
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
      <Box pos="relative" maw={MAP_WIDTH} aria-busy={map.isFetching}>
        {src ? (
          <Image
            src={src}
            alt={value ? `Map of ${value.latitude}, ${value.longitude}` : 'Map'}
            w="100%"
            style={{ ...MAP_FRAME, cursor: disabled || isStale ? 'default' : 'crosshair', opacity: isStale ? 0.6 : 1 }}
            radius="sm"
            onClick={handleClick}
            data-zoom={view.zoom}
          />
        ) : (
          <Center style={MAP_FRAME} bg="gray.1" p="md">
            {map.isError ? (
              <Stack gap="xs" align="center" role="alert">
                <Text size="sm" fw={500}>
                  The map could not be loaded.
                </Text>
                <Text size="sm" c="dimmed" ta="center">
                  {mapFailureHint(map.error)}
                </Text>
                <Button size="xs" variant="default" onClick={() => void map.refetch()}>
                  Try again
                </Button>
              </Stack>
            ) : (
              <Group gap="xs" role="status">
                <Loader size="sm" />
                <Text size="sm" c="dimmed">
                  Loading the map…
                </Text>
              </Group>
            )}
          </Center>
        )}
        {src && isStale && <Loader size="sm" pos="absolute" bottom={8} left={8} aria-label="Loading the map" />}
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
