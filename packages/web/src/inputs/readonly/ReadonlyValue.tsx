import type { ReactNode } from 'react';
import { Group, Image, Stack, Text } from '@mantine/core';
import { IMAGE_WIDTHS, imageUrlOf, mediaValueSchema, tableValueSchema, type MediaValue } from '@editor/domain';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';
import { FieldFrame } from '../field/FieldFrame.tsx';

/** Where images are delivered from: a Cloudinary account's base, or our own store when none is configured. */
type DeliveryBase = string | undefined;

function describeMedia(media: MediaValue, baseUrl: DeliveryBase) {
  const url = imageUrlOf(media, { width: IMAGE_WIDTHS.thumbnail, ...(baseUrl ? { baseUrl } : {}) });
  return (
    <Group gap="sm" wrap="nowrap">
      {url && <Image src={url} alt="" w={120} h={80} fit="cover" radius="sm" />}
      <Text size="sm">
        {media.provider} · {media.referenceId}
      </Text>
    </Group>
  );
}

function describe(value: unknown, baseUrl: DeliveryBase): ReactNode {
  const media = mediaValueSchema.safeParse(value);
  if (media.success) return describeMedia(media.data, baseUrl);
  const table = tableValueSchema.safeParse(value);
  if (table.success) return <Text size="sm">{`${table.data.rows.length} rows × ${table.data.columns.length} columns`}</Text>;
  if (Array.isArray(value)) return <Stack gap={4}>{value.map((item, index) => <div key={index}>{describe(item, baseUrl)}</div>)}</Stack>;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.latitude === 'number' && typeof record.longitude === 'number') {
      return <Text size="sm">{`${record.latitude}, ${record.longitude}`}</Text>;
    }
    if (typeof record.id === 'string' && typeof record.stencil === 'string') return <Text size="sm">{`${record.stencil} ${record.id}`}</Text>;
    return <Text size="sm" ff="monospace">{JSON.stringify(value)}</Text>;
  }
  return <Text size="sm">{String(value)}</Text>;
}

/**
 * The value of an input whose editing widget is separate work (media, embeds, places, tables): shown, with an image
 * preview where there is one, but not changed here.
 */
export function ReadonlyValue({ input, value, errors }: WidgetProps) {
  const { imageDeliveryBaseUrl } = useAppConfig();
  return (
    <FieldFrame input={input} errors={errors}>
      {value === undefined || value === null ? (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ) : (
        describe(value, imageDeliveryBaseUrl)
      )}
    </FieldFrame>
  );
}
