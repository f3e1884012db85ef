import { Alert, Badge, Button, Card, Group, Image, Radio, ScrollArea, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { GALLERY_THUMBNAIL, VALIDATION_MESSAGES, type GeodataValue, type TagSuggestion } from '@editor/domain';
import { SortableReferenceList } from '../../inputs/asset-reference/SortableReferenceList.tsx';
import { BUCKET_LABELS, contentErrorsOf, GALLERY_BUCKETS, moveItem, type GalleryBucket, type GalleryDraft, type GalleryItem, type ItemContent, type Questionnaire } from './galleryDraft.ts';
import { GalleryGeolocation, GalleryTagging } from './GalleryTagging.tsx';

const BLANK = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

export const itemTitleOf = (item: GalleryItem) => (item.kind === 'asset' ? item.title : item.content.title);

/** Spec 001 §9: a gallery thumbnail, 240x160. */
function GalleryThumbnail({ item, scale = 1 }: { item: GalleryItem; scale?: number }) {
  return <Image src={item.thumbnail} alt={itemTitleOf(item)} w={GALLERY_THUMBNAIL.width * scale} h={GALLERY_THUMBNAIL.height * scale} fit="cover" radius="sm" fallbackSrc={BLANK} />;
}

/** Spec 001 §2.6 bucket-selection: the gallery title, the bucket and, for local uploads, the files from the disk. */
export function BucketStep({ draft, onChange, files, onFiles }: { draft: GalleryDraft; onChange: (draft: GalleryDraft) => void; files: readonly File[]; onFiles: (files: File[]) => void }) {
  return (
    <Stack gap="md">
      <TextInput label="Gallery title" placeholder="Gallery title *" required value={draft.title} onChange={(event) => onChange({ ...draft, title: event.currentTarget.value })} data-autofocus />
      <Radio.Group label="Add images from" value={draft.bucket} onChange={(value) => onChange({ ...draft, bucket: value as GalleryBucket })}>
        <Group gap="lg" mt={6}>
          {GALLERY_BUCKETS.filter((bucket) => bucket !== 'empty-gallery' || draft.items.length === 0).map((bucket) => (
            <Radio key={bucket} value={bucket} label={BUCKET_LABELS[bucket]} />
          ))}
        </Group>
      </Radio.Group>
      {draft.bucket === 'local-uploads' && (
        <Stack gap={4}>
          <label>
            <Text size="sm" fw={500} component="span">
              Choose file(s)
            </Text>{' '}
            <input type="file" multiple accept=".jpg,.jpeg,.png,.svg,.gif" aria-label="Choose file(s)" onChange={(event) => onFiles([...(event.currentTarget.files ?? [])])} />
          </label>
          {files.length > 0 && <Text size="xs" c="dimmed">{`${files.length} file(s) chosen`}</Text>}
        </Stack>
      )}
      {draft.items.length > 0 && <Text size="sm" c="dimmed">{`${draft.items.length} image(s) in the gallery so far`}</Text>}
    </Stack>
  );
}

/** Spec 001 §5 questionnaire: credits for every new upload (left out for the media archive), the gallery's disciplines and geolocation. */
export function QuestionnaireStep(props: {
  draft: GalleryDraft;
  space: string;
  questionnaire: Questionnaire;
  onQuestionnaire: (next: Questionnaire) => void;
  onDisciplines: (next: TagSuggestion[]) => void;
  onGeolocation: (next: GeodataValue | undefined) => void;
}) {
  const { draft, questionnaire } = props;
  const credits = draft.bucket !== 'media-archive';
  const creditsError = questionnaire.applyCredits && questionnaire.credits.trim() === '' ? VALIDATION_MESSAGES.required : undefined;
  return (
    <Stack gap="md">
      {credits && (
        <Stack gap={6}>
          <Switch label="Apply credits to all images" checked={questionnaire.applyCredits} onChange={(event) => props.onQuestionnaire({ ...questionnaire, applyCredits: event.currentTarget.checked })} />
          {questionnaire.applyCredits && (
            <TextInput label="Credits" required value={questionnaire.credits} error={creditsError} onChange={(event) => props.onQuestionnaire({ ...questionnaire, credits: event.currentTarget.value })} />
          )}
        </Stack>
      )}
      <GalleryTagging space={props.space} text={draft.title} chosen={draft.disciplines} onChange={props.onDisciplines} />
      <GalleryGeolocation value={draft.geolocation} onChange={props.onGeolocation} />
    </Stack>
  );
}

const FIELD_LABELS: Record<keyof ItemContent, string> = { title: 'Title', seoFilename: 'SEO filename', credits: 'Credits' };

function ItemInfo({ item, onContent, onRemove }: { item: GalleryItem; onContent: (content: ItemContent) => void; onRemove: () => void }) {
  const errors = contentErrorsOf(item);
  const title = itemTitleOf(item);
  return (
    <Card withBorder padding="sm" component="li" aria-label={title || 'Untitled image'}>
      <Group align="flex-start" wrap="nowrap">
        <GalleryThumbnail item={item} scale={0.5} />
        <Stack gap={6} style={{ flex: 1 }}>
          {errors.length > 0 && (
            <Badge color="red" variant="light">
              Missing Info
            </Badge>
          )}
          {item.kind === 'asset' ? (
            <Text size="sm">{title}</Text>
          ) : (
            (['title', 'seoFilename', ...(item.kind === 'upload' ? (['credits'] as const) : [])] as const).map((field) => (
              <TextInput
                key={field}
                size="xs"
                label={FIELD_LABELS[field]}
                required
                value={item.content[field]}
                error={errors.includes(field) ? VALIDATION_MESSAGES.required : undefined}
                onChange={(event) => onContent({ ...item.content, [field]: event.currentTarget.value })}
              />
            ))
          )}
        </Stack>
        <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${title}`}>
          Remove
        </Button>
      </Group>
    </Card>
  );
}

export function NoImagesCallout() {
  return (
    <Alert variant="light" color="yellow" icon={<IconInfoCircle size={16} />}>
      No Images added
    </Alert>
  );
}

/** Spec 001 §2.6 overview: the images' texts (Info) and the gallery's tagging (Tagging); more images can be added. */
export function OverviewStep(props: { draft: GalleryDraft; space: string; onChange: (draft: GalleryDraft) => void; onGeolocation: (next: GeodataValue | undefined) => void; onAddImages: () => void }) {
  const { draft, space, onChange, onAddImages } = props;
  const setContent = (key: string, content: ItemContent) =>
    onChange({ ...draft, items: draft.items.map((item) => (item.key === key && item.kind !== 'asset' ? { ...item, content } : item)) });
  return (
    <Tabs defaultValue="info">
      <Tabs.List>
        <Tabs.Tab value="info">Info</Tabs.Tab>
        <Tabs.Tab value="tagging">Tagging</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="info" pt="sm">
        <Stack gap="xs">
          {draft.items.length === 0 ? (
            <NoImagesCallout />
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {draft.items.map((item) => (
                <ItemInfo key={item.key} item={item} onContent={(content) => setContent(item.key, content)} onRemove={() => onChange({ ...draft, items: draft.items.filter((other) => other.key !== item.key) })} />
              ))}
            </Stack>
          )}
          <Group>
            <Button variant="light" size="xs" onClick={onAddImages}>
              Add images
            </Button>
          </Group>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="tagging" pt="sm">
        <Stack gap="md">
          <GalleryTagging space={space} text={[draft.title, ...draft.items.map(itemTitleOf)].join(' ')} chosen={draft.disciplines} onChange={(disciplines) => onChange({ ...draft, disciplines })} />
          <GalleryGeolocation value={draft.geolocation} onChange={props.onGeolocation} />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

/** Spec 001 §2.6 image-ordering: drag the images into order; the rail below shows the order as thumbnails. */
export function OrderingStep({ draft, onChange }: { draft: GalleryDraft; onChange: (draft: GalleryDraft) => void }) {
  if (draft.items.length === 0) return <NoImagesCallout />;
  return (
    <Stack gap="md">
      <SortableReferenceList
        itemKeys={draft.items.map((item) => item.key)}
        layout="tile"
        isSortable
        onMove={(from, to) => onChange({ ...draft, items: moveItem(draft.items, from, to) })}
        renderItem={(index, handle) => {
          const item = draft.items[index];
          if (!item) return null;
          return (
            <Card withBorder padding={6} aria-label={`Image ${index + 1}: ${itemTitleOf(item)}`} data-testid="gallery-order-item">
              <Group gap={4} wrap="nowrap" mb={4}>
                {handle}
                <Text size="xs" truncate>
                  {itemTitleOf(item)}
                </Text>
              </Group>
              <Image src={item.thumbnail} alt="" h={GALLERY_THUMBNAIL.height / 2} fit="cover" radius="sm" fallbackSrc={BLANK} />
            </Card>
          );
        }}
      />
      <ScrollArea type="auto" aria-label="Thumbnail rail">
        <Group gap="xs" wrap="nowrap" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {draft.items.map((item) => (
            <li key={item.key}>
              <GalleryThumbnail item={item} />
            </li>
          ))}
        </Group>
      </ScrollArea>
    </Stack>
  );
}
