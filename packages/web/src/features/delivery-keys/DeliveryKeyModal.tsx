import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { DELIVERY_KEY_NAME_MAX_LENGTH, type DeliveryKey, type DeliveryKeyCreated } from '@editor/domain';
import { fieldMessagesOf } from '../../api/fieldMessages.ts';
import { useAppConfig } from '../../app/config/AppConfigProvider.tsx';
import { OneTimeSecret } from '../../ui/OneTimeSecret.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { DeliveryApiHint } from './DeliveryApiHint.tsx';
import {
  DELIVERY_KEY_FIELDS,
  deliveryKeyCreateBody,
  deliveryKeyFormErrors,
  deliveryKeyFormOf,
  deliveryKeyUpdateBody,
  emptyDeliveryKeyForm,
  type DeliveryKeyField,
  type DeliveryKeyFormValues,
} from './deliveryKeyForm.ts';
import { useDeliveryKeyChanges } from './useDeliveryKeyChanges.ts';

/**
 * New key or Edit key: name, spaces and locales. A new key's secret shows once, in place of the form; the modal
 * then closes only by Done, not by a stray click or Escape.
 */
export function DeliveryKeyModal({ editing, onClose }: { editing: DeliveryKey | null; onClose: () => void }) {
  const [created, setCreated] = useState<DeliveryKeyCreated | null>(null);
  const title = created ? 'Copy your new key' : editing ? 'Edit key' : 'New key';
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeOnClickOutside={!created} closeOnEscape={!created}>
      {created ? <CreatedKey created={created} onDone={onClose} /> : <DeliveryKeyForm editing={editing} onCreated={setCreated} onClose={onClose} />}
    </Modal>
  );
}

/** The installation's choices, plus what the key names that the installation no longer has. */
const choicesOf = (known: readonly string[], chosen: readonly string[]) => [...new Set([...known, ...chosen])];

function DeliveryKeyForm(props: { editing: DeliveryKey | null; onCreated: (key: DeliveryKeyCreated) => void; onClose: () => void }) {
  const { editing } = props;
  const config = useAppConfig();
  const { create, update } = useDeliveryKeyChanges();
  const [values, setValues] = useState<DeliveryKeyFormValues>(() => (editing ? deliveryKeyFormOf(editing) : emptyDeliveryKeyForm()));
  const [errors, setErrors] = useState<Partial<Record<DeliveryKeyField, string>>>({});
  const [general, setGeneral] = useState<readonly string[]>([]);
  const isSaving = create.isPending || update.isPending;

  function change(patch: Partial<DeliveryKeyFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
  }

  async function save(): Promise<void> {
    if (!editing) {
      props.onCreated(await create.mutateAsync(deliveryKeyCreateBody(values)));
      return;
    }
    const body = deliveryKeyUpdateBody(editing, values);
    if (body) {
      await update.mutateAsync({ key: editing, body });
      showToast({ kind: 'success', message: `Key “${values.name.trim()}” saved` });
    }
    props.onClose();
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = deliveryKeyFormErrors(values);
    setErrors(found);
    setGeneral([]);
    if (Object.keys(found).length > 0) return;
    try {
      await save();
    } catch (error) {
      const sorted = fieldMessagesOf(error, DELIVERY_KEY_FIELDS);
      setErrors(sorted.fields);
      setGeneral(sorted.general);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          description="Who uses the key, for example the website or app."
          placeholder="Website redbull.com"
          required
          maxLength={DELIVERY_KEY_NAME_MAX_LENGTH}
          value={values.name}
          error={errors.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          data-autofocus
        />
        <MultiSelect
          label="Spaces"
          description="The key reads published content of these spaces only."
          required
          searchable
          data={choicesOf(config.spaces, values.spaces)}
          value={values.spaces}
          error={errors.spaces}
          onChange={(spaces) => change({ spaces })}
        />
        <MultiSelect
          label="Locales"
          description="The key reads content in these locales only."
          required
          searchable
          data={choicesOf(config.localizations, values.locales)}
          value={values.locales}
          error={errors.locales}
          onChange={(locales) => change({ locales })}
        />
        {general.length > 0 && (
          <Alert color="red" variant="light" title={editing ? 'The key was not saved' : 'The key was not created'}>
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
            {editing ? 'Save' : 'Create key'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CreatedKey({ created, onDone }: { created: DeliveryKeyCreated; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Text size="sm">
        “{created.name}” reads {created.spaces.join(', ')} in {created.locales.join(', ')}.
      </Text>
      <OneTimeSecret label="Key" secret={created.secret}>
        The server keeps only a fingerprint of the key. If it is lost, create a new key and revoke this one.
      </OneTimeSecret>
      <DeliveryApiHint secret={created.secret} />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
