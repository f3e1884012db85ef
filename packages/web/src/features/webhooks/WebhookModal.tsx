import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint } from '@editor/domain';
import { fieldMessagesOf } from '../../api/fieldMessages.ts';
import { useAppConfig } from '../../app/config/AppConfigProvider.tsx';
import { OneTimeSecret } from '../../ui/OneTimeSecret.tsx';
import { PlainCheckbox } from '../../ui/PlainCheckbox.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { useWebhookChanges } from './useWebhookChanges.ts';
import { webhookEventLabel } from './webhookEvents.ts';
import {
  WEBHOOK_FIELDS,
  emptyWebhookForm,
  webhookCreateBody,
  webhookFormErrors,
  webhookFormOf,
  webhookUpdateBody,
  type WebhookField,
  type WebhookFormValues,
} from './webhookForm.ts';

/**
 * New webhook or Edit webhook: address, description, events, spaces and whether it is enabled. A new endpoint's
 * signing secret shows once, in place of the form; the modal then closes only by Done.
 */
export function WebhookModal(props: { editing: WebhookEndpoint | null; onClose: () => void; onCreated: (endpoint: WebhookEndpoint) => void }) {
  const [created, setCreated] = useState<WebhookEndpoint | null>(null);
  const title = created ? 'Copy the signing secret' : props.editing ? 'Edit webhook' : 'New webhook';
  const handleDone = () => {
    if (created) props.onCreated(created);
    props.onClose();
  };
  return (
    <Modal opened onClose={created ? handleDone : props.onClose} title={title} size="lg" closeOnClickOutside={!created} closeOnEscape={!created}>
      {created?.secret ? (
        <CreatedWebhook url={created.url} secret={created.secret} onDone={handleDone} />
      ) : (
        <WebhookForm editing={props.editing} onCreated={setCreated} onClose={props.onClose} />
      )}
    </Modal>
  );
}

/** The installation's spaces, plus those the endpoint names that the installation no longer has. */
const choicesOf = (known: readonly string[], chosen: readonly string[]) => [...new Set([...known, ...chosen])];

function WebhookForm(props: { editing: WebhookEndpoint | null; onCreated: (endpoint: WebhookEndpoint) => void; onClose: () => void }) {
  const { editing } = props;
  const config = useAppConfig();
  const { create, update } = useWebhookChanges();
  const [values, setValues] = useState<WebhookFormValues>(() => (editing ? webhookFormOf(editing) : emptyWebhookForm()));
  const [errors, setErrors] = useState<Partial<Record<WebhookField, string>>>({});
  const [general, setGeneral] = useState<readonly string[]>([]);
  const isSaving = create.isPending || update.isPending;
  const eventsId = useId();

  function change(patch: Partial<WebhookFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
  }

  async function save(): Promise<void> {
    if (!editing) {
      props.onCreated(await create.mutateAsync(webhookCreateBody(values)));
      return;
    }
    const body = webhookUpdateBody(editing, values);
    if (body) {
      await update.mutateAsync({ endpoint: editing, body });
      showToast({ kind: 'success', message: 'Webhook saved' });
    }
    props.onClose();
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = webhookFormErrors(values);
    setErrors(found);
    setGeneral([]);
    if (Object.keys(found).length > 0) return;
    try {
      await save();
    } catch (error) {
      const sorted = fieldMessagesOf(error, WEBHOOK_FIELDS);
      setErrors(sorted.fields);
      setGeneral(sorted.general);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label="URL"
          description="Where the events are posted, for example your build server's hook."
          placeholder="https://example.com/hooks/editor"
          required
          value={values.url}
          error={errors.url}
          onChange={(event) => change({ url: event.currentTarget.value })}
          data-autofocus
        />
        <TextInput
          label="Description"
          placeholder="Rebuilds the website"
          maxLength={500}
          value={values.description}
          error={errors.description}
          onChange={(event) => change({ description: event.currentTarget.value })}
        />
        <fieldset aria-describedby={`${eventsId}-hint${errors.events ? ` ${eventsId}-error` : ''}`} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Text component="legend" size="sm" fw={500} p={0}>
            Events
          </Text>
          <Text id={`${eventsId}-hint`} size="xs" c="dimmed">
            The changes this endpoint is told about.
          </Text>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 'var(--mantine-spacing-xs)', marginTop: 'var(--mantine-spacing-xs)' }}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <PlainCheckbox
                key={type}
                label={webhookEventLabel(type)}
                description={type}
                checked={values.events.includes(type)}
                onChange={(isChecked) => change({ events: WEBHOOK_EVENT_TYPES.filter((event) => (event === type ? isChecked : values.events.includes(event))) })}
              />
            ))}
          </div>
          {errors.events && (
            <Text id={`${eventsId}-error`} size="xs" c="red" mt={4}>
              {errors.events}
            </Text>
          )}
        </fieldset>
        <MultiSelect
          label="Spaces"
          description="Only events of assets in these spaces. Leave empty for every space."
          placeholder={values.spaces.length === 0 ? 'Every space' : undefined}
          searchable
          clearable
          data={choicesOf(config.spaces, values.spaces)}
          value={values.spaces}
          error={errors.spaces}
          onChange={(spaces) => change({ spaces })}
        />
        <PlainCheckbox
          label="Enabled"
          description="A paused endpoint gets no new events; what was already queued waits until it is enabled again."
          checked={values.enabled}
          onChange={(enabled) => change({ enabled })}
        />
        {general.length > 0 && (
          <Alert color="red" variant="light" title={editing ? 'The webhook was not saved' : 'The webhook was not created'}>
            {general.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {editing ? 'Save' : 'Create webhook'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CreatedWebhook({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Text size="sm">
        Events now go to <Text span ff="monospace">{url}</Text>, signed with this secret.
      </Text>
      <OneTimeSecret label="Signing secret" secret={secret}>
        Your receiver checks the webhook-signature header of each delivery with it (Standard Webhooks). If it is lost, delete this webhook and
        create it again.
      </OneTimeSecret>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
