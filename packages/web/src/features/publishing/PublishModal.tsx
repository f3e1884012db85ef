import { useState } from 'react';
import { Alert, Anchor, Box, Button, Center, Group, List, Loader, Modal, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { DateTimePicker } from '../../ui/dates/DatePickers.tsx';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { findInput, isQuickEventVersion, STANDALONE_INPUT, validateInput, VALIDATION_MESSAGES, type AssetVersion, type PublishCheckResponse, type StencilDefinition } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { describeError } from '../../ui/describeError.ts';
import { localeFlag, localeLabel } from '../../ui/localeDisplay.ts';
import { blockingVersions, canPublishAfter, publishHeader, requiresUnpublishDate } from './publishCheck.ts';
import { fromPickerValue, publishDatesError, publishSchedule, toPickerValue, type PublishDates } from './publishDates.ts';
import { fetchPublishCheck, publishVersion } from '../../parts/publishing/publishingCalls.ts';
import { URI_SLUG_TEXTS, useUriSlugLookup } from './useUriSlugLookup.ts';

export const PUBLISH_TEXTS = {
  checkFailed: 'Sorry, an error occurred during the publish check.',
  publishFailed: 'Sorry, it was not possible to publish your asset.',
  published: 'Yay!! Your asset has been published',
  openInNewTab: 'Open in new tab',
  publishDateLocked: 'You cannot change the published date for already published assets.',
} as const;

export const URI_TITLE_INPUT = 'uri-title';
/** Spec 002 §5: standalone is not offered for on-site promotions. */
const STANDALONE_HIDDEN_STENCILS: readonly string[] = ['onsite-promotion'];
const TOAST_MS = 6000;

/** The content values the publish form changed, to be saved before publishing (spec 002 §4 step 4). */
export interface PublishContentChanges {
  'uri-title'?: string | undefined;
  standalone?: boolean;
}

export interface PublishModalProps {
  opened: boolean;
  version: AssetVersion;
  stencil: StencilDefinition;
  /** The editor's content values: uri-title, standalone and quick-event are read from them. */
  values: Readonly<Record<string, unknown>>;
  /** Where the published asset can be seen; without it the success toast has no link. */
  websiteUrl?: string | undefined;
  onClose: () => void;
  /** Saves the changed values into the asset (the editor's save flow); false stops the publish. */
  onSaveFirst: (changes: PublishContentChanges) => Promise<boolean>;
  onPublished: (version: AssetVersion) => void;
}

/**
 * Spec 002 §4 publish flow, §5 publish and dates: the publish check runs each time the modal opens; its result shows
 * the versions that block the publish, or the form (dates, URI title, standalone). Publish saves changed content
 * first, then publishes, reports and closes.
 */
export function PublishModal(props: PublishModalProps) {
  return (
    <Modal.Root opened={props.opened} onClose={props.onClose} size="lg">
      <Modal.Overlay />
      <Modal.Content>{props.opened && <PublishDialog {...props} />}</Modal.Content>
    </Modal.Root>
  );
}

interface FormState extends PublishDates {
  uriTitle: string;
  standalone: boolean;
}

function initialStandalone(stencil: StencilDefinition, values: PublishModalProps['values']): boolean {
  const stored = values[STANDALONE_INPUT];
  if (typeof stored === 'boolean') return stored;
  const fallback = findInput(stencil, STANDALONE_INPUT)?.default;
  return typeof fallback === 'boolean' ? fallback : true;
}

const storedUriTitle = (values: PublishModalProps['values']) => (typeof values[URI_TITLE_INPUT] === 'string' ? (values[URI_TITLE_INPUT] as string) : '');

function PublishDialog({ version, stencil, values, websiteUrl, onClose, onSaveFirst, onPublished }: PublishModalProps) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  // Mounted only while open, and dropped from the cache on close: every opening runs the check afresh.
  const check = useQuery({
    queryKey: queryKeys.publishCheck(version._links['p:publishcheck'].href),
    queryFn: ({ signal }) => fetchPublishCheck(api, version, signal),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });

  const isPublished = version._meta.published;
  const uriTitleInput = !isPublished ? findInput(stencil, URI_TITLE_INPUT) : undefined;
  const standaloneInput = STANDALONE_HIDDEN_STENCILS.includes(stencil.name) ? undefined : findInput(stencil, STANDALONE_INPUT);
  const isStandaloneLocked = isQuickEventVersion(values);
  const [form, setForm] = useState<FormState>(() => ({
    ...version._meta.publishSchedule,
    uriTitle: storedUriTitle(values),
    standalone: initialStandalone(stencil, values),
  }));
  // The form judges the dates against the moment the modal opened; Publish applies the past-date rules afresh when pressed.
  const [now] = useState(() => Date.now());
  const change = (next: Partial<FormState>) => setForm((current) => ({ ...current, ...next }));

  function contentChanges(): PublishContentChanges {
    const changes: PublishContentChanges = {};
    if (uriTitleInput && form.uriTitle !== storedUriTitle(values)) changes['uri-title'] = form.uriTitle === '' ? undefined : form.uriTitle;
    if (standaloneInput && form.standalone !== initialStandalone(stencil, values)) changes.standalone = form.standalone;
    return changes;
  }

  const publish = useMutation({
    mutationFn: async (): Promise<AssetVersion | null> => {
      const changes = contentChanges();
      if (Object.keys(changes).length > 0 && !(await onSaveFirst(changes))) return null;
      return publishVersion(api, { version, body: { publishSchedule: publishSchedule(form, Date.now()) } });
    },
    onSuccess: (published) => {
      if (!published) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.lifecycles(published.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.assetLists() });
      onPublished(published);
      showPublishedToast(websiteUrl);
      onClose();
    },
  });

  const datesError = publishDatesError({ dates: form, embargo: version._embedded.about._meta.embargo, now });
  const isEndDateMissing = requiresUnpublishDate(stencil.name) && form.endDate === null;
  const uriTitleErrors = uriTitleInput && form.uriTitle !== '' ? validateInput(uriTitleInput, form.uriTitle, URI_TITLE_INPUT).map((error) => error.message) : [];
  const isReady = check.data !== undefined && canPublishAfter(check.data);
  const slug = useUriSlugLookup({ version, uriTitle: form.uriTitle, isEnabled: uriTitleInput !== undefined });
  const canPublish = isReady && !datesError && !isEndDateMissing && uriTitleErrors.length === 0 && !publish.isPending;

  return (
    <>
      <Modal.Header>
        <Modal.Title fw={600}>{publishHeader(check.data)}</Modal.Title>
        <Modal.CloseButton aria-label="Close" />
      </Modal.Header>
      <Modal.Body>
        <Stack gap="md">
          {check.isPending && (
            <Center py="xl" role="status" aria-label="Checking the asset">
              <Loader />
            </Center>
          )}
          {check.isError && (
            <Alert color="red" role="alert">
              {PUBLISH_TEXTS.checkFailed}
            </Alert>
          )}
          {check.data && !isReady && <BlockingList check={check.data} />}
          {check.data && isReady && (
            <>
              <PublishedWith check={check.data} />
              <DateTimePicker
                label="Publish date"
                description={isPublished ? PUBLISH_TEXTS.publishDateLocked : undefined}
                disabled={isPublished}
                {...pickerProps('Publish date', form.startDate, (startDate) => change({ startDate }))}
              />
              <DateTimePicker
                label="Unpublish date"
                withAsterisk={requiresUnpublishDate(stencil.name)}
                {...pickerProps('Unpublish date', form.endDate, (endDate) => change({ endDate }))}
              />
              {datesError && (
                <Text size="sm" c="red" role="alert">
                  {datesError}
                </Text>
              )}
              {uriTitleInput && (
                <TextInput
                  label={uriTitleInput.view.label}
                  placeholder={uriTitleInput.view.placeholder}
                  description={uriTitleInput.view.hint}
                  value={form.uriTitle}
                  error={uriTitleErrors[0]}
                  rightSection={slug.isChecking ? <Loader size={14} aria-label={URI_SLUG_TEXTS.checking} /> : undefined}
                  onChange={(event) => change({ uriTitle: event.currentTarget.value })}
                />
              )}
              {slug.warning && (
                <Alert color="yellow" role="alert" title={URI_SLUG_TEXTS[slug.warning.kind]}>
                  {slug.warning.message}
                </Alert>
              )}
              {standaloneInput && (
                <Switch
                  label={standaloneInput.view.label}
                  description={standaloneInput.view.hint}
                  checked={form.standalone}
                  disabled={isStandaloneLocked}
                  onChange={(event) => change({ standalone: event.currentTarget.checked })}
                />
              )}
            </>
          )}
          {publish.isError && (
            <Alert color="red" role="alert" title={PUBLISH_TEXTS.publishFailed}>
              {describeError(publish.error).message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Tooltip label={VALIDATION_MESSAGES.unpublishDateRequired} disabled={!isEndDateMissing}>
              {/* A disabled button gets no pointer events; the tooltip listens on this wrapper instead. */}
              <Box component="span">
                <Button color="green" disabled={!canPublish} onClick={() => publish.mutate()}>
                  {publish.isPending ? 'Publishing...' : 'Publish'}
                </Button>
              </Box>
            </Tooltip>
          </Group>
        </Stack>
      </Modal.Body>
    </>
  );
}

/** The props both date pickers share: the value in the browser's time zone, clearable, named controls. */
function pickerProps(label: string, value: string | null, onChange: (iso: string | null) => void) {
  return {
    value: toPickerValue(value),
    onChange: (picked: string | null) => onChange(fromPickerValue(picked)),
    valueFormat: 'DD MMM YYYY HH:mm',
    clearable: true,
    clearButtonProps: { 'aria-label': `Clear ${label}` },
    placeholder: 'No date',
    timePickerProps: { hoursInputLabel: `${label} hours`, minutesInputLabel: `${label} minutes` },
    submitButtonProps: { 'aria-label': `Set ${label}` },
  };
}

/** The versions that block the publish, each with its locale and the reasons (spec 002 §4 "error assets"). */
function BlockingList({ check }: { check: PublishCheckResponse }) {
  return (
    <List spacing="sm" listStyleType="none" aria-label="Assets with warnings">
      {blockingVersions(check).map((blocking) => (
        <List.Item key={`${blocking.id}-${blocking.localization}`}>
          <Text fw={600}>{blocking.title}</Text>
          <Text size="sm" c="dimmed">
            <span aria-hidden>{localeFlag(blocking.localization)}</span> {localeLabel(blocking.localization)}
          </Text>
          {blocking.messages.map((message, index) => (
            <Text key={index} size="sm" c="red">
              {message}
            </Text>
          ))}
          {blocking.isEmbargoRestricted && (
            <Text size="sm" c="red">
              Its embargo does not allow publishing now.
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

/** The other versions this publish takes along, when there are any. */
function PublishedWith({ check }: { check: PublishCheckResponse }) {
  if (check.items.length < 2) return null;
  return (
    <List size="sm" aria-label="Assets to publish">
      {check.items.map((item) => (
        <List.Item key={`${item.id}-${item.localization}`}>
          {item.title} <Text span size="xs" c="dimmed">({localeLabel(item.localization)})</Text>
        </List.Item>
      ))}
    </List>
  );
}

/** Spec 002 §4 step 6; the link shows only where the installation knows the website address. */
function showPublishedToast(websiteUrl: string | undefined): void {
  notifications.show({
    color: 'green',
    icon: <IconCheck size={18} />,
    message: websiteUrl ? (
      <>
        {PUBLISH_TEXTS.published}{' '}
        <Anchor href={websiteUrl} target="_blank" rel="noopener noreferrer" size="sm">
          {PUBLISH_TEXTS.openInNewTab}
        </Anchor>
      </>
    ) : (
      PUBLISH_TEXTS.published
    ),
    autoClose: TOAST_MS,
    withCloseButton: true,
  });
}
