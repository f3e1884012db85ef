import { Badge, Button, Card, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconCrop, IconExternalLink, IconLayoutNavbar, IconReplace, IconTrash } from '@tabler/icons-react';
import { IMAGE_UPLOAD_ACCEPT, IMAGE_WIDTHS, thumbnailUrlOf, type MediaValue } from '@editor/domain';
import { fullImageUrl, isUncropped, previewUrl, sizeAndFormat } from './imageValue.ts';

export interface HeroStyleChoice {
  /** Default first, then the layouts the input offers. */
  layouts: readonly string[];
  current: string;
  onSelect: (layout: string) => void;
}

interface MediaPreviewProps {
  media: MediaValue;
  /** The image delivery's base when a Cloudinary account serves images. */
  deliveryBaseUrl: string | undefined;
  label: string;
  disabled: boolean;
  /** Change picks a new file; without, the user may not upload here and there is no Change. */
  onPickFile: ((file: File) => void) | undefined;
  onCrop: () => void;
  onRemove: () => void;
  /** Shown for an input with hero layouts. */
  heroStyle?: HeroStyleChoice | undefined;
  onHeroStyle: () => void;
}

/**
 * Spec 000 §2 image media preview: the image (its preview crop, else the thumbnail proxy's), size and format, 'Uncropped' without crops, and
 * Change, Crop, Hero style, Full Image and Remove. A read-only input keeps only Full Image (spec 002 §5).
 */
export function MediaPreview({ media, deliveryBaseUrl, label, disabled, onPickFile, onCrop, onRemove, heroStyle, onHeroStyle }: MediaPreviewProps) {
  const full = fullImageUrl(media, deliveryBaseUrl);
  return (
    <Card withBorder padding="sm" radius="sm">
      <Group align="flex-start" wrap="nowrap" gap="md">
        {/* Spec 000 §7: when the image delivery cannot show it, the server's cached thumbnail proxy does (or its placeholder). */}
        <Image src={previewUrl(media, deliveryBaseUrl)} fallbackSrc={thumbnailUrlOf(media, IMAGE_WIDTHS.medium)} alt={`${label} preview`} w={300} fit="contain" radius="sm" bg="gray.1" />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text size="sm">{sizeAndFormat(media)}</Text>
          <Group gap={6}>
            {media.mediaType === 'animated' && <Badge variant="light">Animated</Badge>}
            {isUncropped(media) && (
              <Badge color="yellow" variant="light">
                Uncropped
              </Badge>
            )}
            {heroStyle && (
              <Badge color="gray" variant="outline">
                Hero style: {heroStyle.current}
              </Badge>
            )}
          </Group>
          <Group gap="xs" mt={4}>
            {!disabled && onPickFile && (
              <FileButton accept={IMAGE_UPLOAD_ACCEPT} onChange={(file) => file && onPickFile(file)}>
                {(props) => (
                  <Button {...props} variant="default" size="xs" leftSection={<IconReplace size={14} stroke={1.6} />}>
                    Change
                  </Button>
                )}
              </FileButton>
            )}
            {!disabled && (
              <Button variant="default" size="xs" leftSection={<IconCrop size={14} stroke={1.6} />} onClick={onCrop}>
                Crop
              </Button>
            )}
            {!disabled && heroStyle && (
              <Button variant="default" size="xs" leftSection={<IconLayoutNavbar size={14} stroke={1.6} />} onClick={onHeroStyle}>
                Hero style
              </Button>
            )}
            {full && (
              <Button component="a" href={full} target="_blank" rel="noopener noreferrer" variant="default" size="xs" leftSection={<IconExternalLink size={14} stroke={1.6} />}>
                Full Image
              </Button>
            )}
            {!disabled && (
              <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} stroke={1.6} />} onClick={onRemove}>
                Remove
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
