import { useState } from 'react';
import { Button, Center, Checkbox, Group, Image, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, GALLERY_THUMBNAIL, type AssetListItem, type MediaLibraryItem } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { INPUT_DEBOUNCE_MS } from '../../parts/asset-list/useDropdownSearch.ts';
import { listPath } from '../../parts/asset-list/listFilters.ts';
import { archiveRequestParams } from '../../parts/media-archive/archiveSearch.ts';
import { cardThumbnail } from '../../parts/media-archive/mediaCard.ts';
import { useMediaArchive } from '../../parts/media-archive/useMediaArchive.ts';
import { IMAGE_STENCIL } from '../uploads/uploadImageAsset.ts';

function Thumbnail({ url }: { url: string | null }) {
  return <Image src={url} alt="" w="100%" h={GALLERY_THUMBNAIL.height / 2} fit="cover" radius="sm" fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />;
}

function SearchBox({ value, onChange, label }: { value: string; onChange: (text: string) => void; label: string }) {
  return <TextInput aria-label={label} placeholder={label} leftSection={<IconSearch size={16} stroke={1.6} />} value={value} onChange={(event) => onChange(event.currentTarget.value)} data-autofocus />;
}

function Results<T>({ items, isLoading, keyOf, render }: { items: readonly T[]; isLoading: boolean; keyOf: (item: T) => string; render: (item: T) => React.ReactNode }) {
  if (isLoading && items.length === 0) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading images" />
      </Center>
    );
  }
  if (items.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="xl">
        No results found.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
      {items.map((item) => (
        <div key={keyOf(item)}>{render(item)}</div>
      ))}
    </SimpleGrid>
  );
}

/** Spec 001 §2.6 image-selection: existing image assets, searched with the asset list call. */
export function ImageSelectionStep({ picked, onToggle }: { picked: ReadonlyMap<string, AssetListItem>; onToggle: (item: AssetListItem) => void }) {
  const api = useApiClient();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), INPUT_DEBOUNCE_MS);
  const params: Record<string, string> = { limit: String(DEFAULT_PAGE_SIZE), ...(debounced ? { q: debounced } : {}), stencil: IMAGE_STENCIL };
  const query = useQuery({
    queryKey: queryKeys.assetList(params),
    queryFn: ({ signal }) => api.request({ path: listPath(params), response: 'assetListResponse', signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="sm">
      <SearchBox label="Search image assets" value={text} onChange={setText} />
      <Results
        items={query.data?._embedded.item ?? []}
        isLoading={query.isFetching}
        keyOf={(item) => `${item.id}:${item.localization}`}
        render={(item) => (
          <Stack gap={4}>
            <Thumbnail url={item.imageUrl} />
            <Checkbox label={item.title || item.id} checked={picked.has(item.id)} onChange={() => onToggle(item)} />
          </Stack>
        )}
      />
    </Stack>
  );
}

/** Spec 001 §4: an archive image already used in another asset (it has an `assetId`, or is referenced) cannot be selected. */
export const isUsedElsewhere = (item: MediaLibraryItem) => item.attributes.assetId !== null || item.relationships.usedIn.data.length > 0;

/** Why a used archive image's card cannot be selected (docs/decisions.md "Archive images already used"). */
export const USED_ELSEWHERE_TEXT = 'Already used in another asset';

/** Spec 001 §2.6 media-selection: archive images (the archive search, images only). */
export function MediaSelectionStep({ picked, onToggle }: { picked: ReadonlyMap<string, MediaLibraryItem>; onToggle: (item: MediaLibraryItem) => void }) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), INPUT_DEBOUNCE_MS);
  const archive = useMediaArchive(archiveRequestParams({ contentType: 'image', q: debounced }));
  return (
    <Stack gap="sm">
      <SearchBox label="Search media archive" value={text} onChange={setText} />
      <Results
        items={archive.items}
        isLoading={archive.isFetching}
        keyOf={(item) => item.id}
        render={(item) => {
          const thumbnail = cardThumbnail(item);
          return (
            <Stack gap={4}>
              <Thumbnail url={thumbnail.kind === 'image' ? thumbnail.url : null} />
              <Checkbox
                label={item.attributes.title || item.id}
                description={isUsedElsewhere(item) ? USED_ELSEWHERE_TEXT : undefined}
                checked={picked.has(item.id)}
                disabled={isUsedElsewhere(item)}
                onChange={() => onToggle(item)}
              />
            </Stack>
          );
        }}
      />
      {archive.hasNextPage && (
        <Group justify="center">
          <Button variant="subtle" size="xs" loading={archive.isFetchingNextPage} onClick={() => void archive.fetchNextPage()}>
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
