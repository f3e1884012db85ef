import { useId, useState } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint } from '@editor/domain';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { FormActions } from '../../ui/FormActions.tsx';
import { OneTimeSecret } from '../../ui/OneTimeSecret.tsx';
import { PlainCheckbox } from '../../ui/PlainCheckbox.tsx';
import { ScopeSelect } from '../../ui/ScopeSelect.tsx';
import { SecretOnceModal } from '../../ui/SecretOnceModal.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { useServerForm } from '../../ui/useServerForm.ts';
import { useWebhookChanges } from './useWebhookChanges.ts';
import { webhookEventLabel } from './webhookEvents.ts';
import {
  WEBHOOK_FIELDS,
  emptyWebhookForm,
  webhookCreateBody,
  webhookFormErrors,
  webhookFormOf,
  webhookUpdateBody,
  type WebhookFormValues,
} from './webhookForm.ts';

/**
 * New webhook or Edit webhook: address, description, events, spaces and whether it is enabled. A new endpoint's
 * signing secret shows once, in place of the form.
 */
export function WebhookModal(props: { editing: WebhookEndpoint | null; onClose: () => void; onCreated: (endpoint: WebhookEndpoint) => void }) {
  const [created, setCreated] = useState<WebhookEndpoint | null>(null);
  const handleDone = () => {
    if (created) props.onCreated(created);
    props.onClose();
  };
  return (
    <SecretOnceModal
      title={created ? 'Copy the signing secret' : props.editing ? 'Edit webhook' : 'New webhook'}
      secretStep={created?.secret && <CreatedWebhook url={created.url} secret={created.secret} />}
      onClose={created ? handleDone : props.onClose}
    >
      <WebhookForm editing={props.editing} onCreated={setCreated} onClose={props.onClose} />
    </SecretOnceModal>
  );
}

function WebhookForm(props: { editing: WebhookEndpoint | null; onCreated: (endpoint: WebhookEndpoint) => void; onClose: () => void }) {
  const { editing } = props;
  const config = useAppConfig();
  const { create, update } = useWebhookChanges();
  const eventsId = useId();
  const { values, errors, general, change, handleSubmit } = useServerForm({
    initial: () => (editing ? webhookFormOf(editing) : emptyWebhookForm()),
    fields: WEBHOOK_FIELDS,
    check: webhookFormErrors,
    save: async (submitted: WebhookFormValues) => {
      if (!editing) {
        props.onCreated(await create.mutateAsync(webhookCreateBody(submitted)));
        return;
      }
      const body = webhookUpdateBody(editing, submitted);
      if (body) {
        await update.mutateAsync({ endpoint: editing, body });
        showToast({ kind: 'success', message: 'Webhook saved' });
      }
      props.onClose();
    },
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
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
        <ScopeSelect
          label="Spaces"
          description="Only events of assets in these spaces. Leave empty for every space."
          placeholder={values.spaces.length === 0 ? 'Every space' : undefined}
          clearable
          known={config.spaces}
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
        <FormActions
          general={general}
          failedTitle={editing ? 'The webhook was not saved' : 'The webhook was not created'}
          submitLabel={editing ? 'Save' : 'Create webhook'}
          isSaving={create.isPending || update.isPending}
          onCancel={props.onClose}
        />
      </Stack>
    </form>
  );
}

function CreatedWebhook({ url, secret }: { url: string; secret: string }) {
  return (
    <>
      <Text size="sm">
        Events now go to <Text span ff="monospace">{url}</Text>, signed with this secret.
      </Text>
      <OneTimeSecret label="Signing secret" secret={secret}>
        Your receiver checks the webhook-signature header of each delivery with it (Standard Webhooks). If it is lost, delete this webhook and
        create it again.
      </OneTimeSecret>
    </>
  );
}
