import { useState } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { DELIVERY_KEY_NAME_MAX_LENGTH, type DeliveryKey, type DeliveryKeyCreated } from '@editor/domain';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { FormActions } from '../../ui/FormActions.tsx';
import { OneTimeSecret } from '../../ui/OneTimeSecret.tsx';
import { ScopeSelect } from '../../ui/ScopeSelect.tsx';
import { SecretOnceModal } from '../../ui/SecretOnceModal.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { useServerForm } from '../../ui/useServerForm.ts';
import { DeliveryApiHint } from './DeliveryApiHint.tsx';
import {
  DELIVERY_KEY_FIELDS,
  deliveryKeyCreateBody,
  deliveryKeyFormErrors,
  deliveryKeyFormOf,
  deliveryKeyUpdateBody,
  emptyDeliveryKeyForm,
  type DeliveryKeyFormValues,
} from './deliveryKeyForm.ts';
import { useDeliveryKeyChanges } from './useDeliveryKeyChanges.ts';

/** New key or Edit key: name, spaces and locales. A new key's secret shows once, in place of the form. */
export function DeliveryKeyModal({ editing, onClose }: { editing: DeliveryKey | null; onClose: () => void }) {
  const [created, setCreated] = useState<DeliveryKeyCreated | null>(null);
  return (
    <SecretOnceModal title={created ? 'Copy your new key' : editing ? 'Edit key' : 'New key'} secretStep={created && <CreatedKey created={created} />} onClose={onClose}>
      <DeliveryKeyForm editing={editing} onCreated={setCreated} onClose={onClose} />
    </SecretOnceModal>
  );
}

function DeliveryKeyForm(props: { editing: DeliveryKey | null; onCreated: (key: DeliveryKeyCreated) => void; onClose: () => void }) {
  const { editing } = props;
  const config = useAppConfig();
  const { create, update } = useDeliveryKeyChanges();
  const { values, errors, general, change, handleSubmit } = useServerForm({
    initial: () => (editing ? deliveryKeyFormOf(editing) : emptyDeliveryKeyForm()),
    fields: DELIVERY_KEY_FIELDS,
    check: deliveryKeyFormErrors,
    save: async (submitted: DeliveryKeyFormValues) => {
      if (!editing) {
        props.onCreated(await create.mutateAsync(deliveryKeyCreateBody(submitted)));
        return;
      }
      const body = deliveryKeyUpdateBody(editing, submitted);
      if (body) {
        await update.mutateAsync({ key: editing, body });
        showToast({ kind: 'success', message: `Key “${submitted.name.trim()}” saved` });
      }
      props.onClose();
    },
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
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
        <ScopeSelect
          label="Spaces"
          description="The key reads published content of these spaces only."
          required
          known={config.spaces}
          value={values.spaces}
          error={errors.spaces}
          onChange={(spaces) => change({ spaces })}
        />
        <ScopeSelect
          label="Locales"
          description="The key reads content in these locales only."
          required
          known={config.localizations}
          value={values.locales}
          error={errors.locales}
          onChange={(locales) => change({ locales })}
        />
        <FormActions
          general={general}
          failedTitle={editing ? 'The key was not saved' : 'The key was not created'}
          submitLabel={editing ? 'Save' : 'Create key'}
          isSaving={create.isPending || update.isPending}
          onCancel={props.onClose}
        />
      </Stack>
    </form>
  );
}

function CreatedKey({ created }: { created: DeliveryKeyCreated }) {
  return (
    <>
      <Text size="sm">
        “{created.name}” reads {created.spaces.join(', ')} in {created.locales.join(', ')}.
      </Text>
      <OneTimeSecret label="Key" secret={created.secret}>
        The server keeps only a fingerprint of the key. If it is lost, create a new key and revoke this one.
      </OneTimeSecret>
      <DeliveryApiHint secret={created.secret} />
    </>
  );
}
