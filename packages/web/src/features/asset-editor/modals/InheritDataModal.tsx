import { useState } from 'react';
import { Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { ENERGY_DRINK_STENCIL, inheritedValuesOf, type AssetListItem, type InputDefinition, type StencilDefinition } from '@editor/domain';
import { useApiClient } from '../../../api/ApiClientProvider.tsx';
import { describeError } from '../../../ui/describeError.ts';
import { BrowseAssetsModal } from '../../../parts/asset-list/BrowseAssetsModal.tsx';
import { fetchVersion } from '../api/editorCalls.ts';
import { useEditorStoreApi } from '../../../editor-state/EditorStoreContext.tsx';

const ENERGY_DRINKS: readonly string[] = [ENERGY_DRINK_STENCIL];

type Step =
  | { name: 'choose' }
  | { name: 'loading'; source: AssetListItem }
  | { name: 'confirm'; source: AssetListItem; values: Record<string, unknown> }
  | { name: 'error'; source: AssetListItem; message: string };

interface InheritDataModalProps {
  opened: boolean;
  stencil: Pick<StencilDefinition, 'inputs'>;
  onClose: () => void;
}

function labelOf(inputs: readonly InputDefinition[], name: string): string {
  return inputs.find((input) => input.name === name)?.view.label ?? name;
}

/**
 * Spec 002 §2 inherit data (copy content), §3 mapping: search and pick an energy-drink asset, see which fields it
 * fills, and copy them into the open asset as unsaved changes.
 */
export function InheritDataModal({ opened, stencil, onClose }: InheritDataModalProps) {
  const api = useApiClient();
  const store = useEditorStoreApi();
  const [step, setStep] = useState<Step>({ name: 'choose' });

  const close = () => {
    setStep({ name: 'choose' });
    onClose();
  };

  async function handlePicked(items: AssetListItem[]) {
    const [source] = items;
    if (!source) return;
    setStep({ name: 'loading', source });
    try {
      const version = await fetchVersion(api, { id: source.id, locale: source.localization });
      const content = Object.fromEntries(Object.entries(version.content).map(([name, entry]) => [name, entry.value]));
      setStep({ name: 'confirm', source, values: inheritedValuesOf(content, stencil.inputs) });
    } catch (error) {
      setStep({ name: 'error', source, message: describeError(error).message });
    }
  }

  function handleInherit(values: Record<string, unknown>) {
    const { setValue } = store.getState();
    for (const [name, value] of Object.entries(values)) setValue([name], value);
    close();
  }

  if (!opened) return null;
  if (step.name === 'choose') return <BrowseAssetsModal opened onClose={close} onAdd={(items) => void handlePicked(items)} allowedStencils={ENERGY_DRINKS} />;

  const names = step.name === 'confirm' ? Object.keys(step.values) : [];
  return (
    <Modal opened onClose={close} title="Inherit data" size="lg">
      <Stack gap="md">
        <Text size="sm">
          From <strong>{step.source.title}</strong>
        </Text>
        {step.name === 'loading' && <Loader size="sm" aria-label="Loading" />}
        {step.name === 'error' && (
          <Text size="sm" c="red" role="alert">
            {step.message}
          </Text>
        )}
        {step.name === 'confirm' &&
          (names.length === 0 ? (
            <Text size="sm">This energy drink has nothing to copy into this asset.</Text>
          ) : (
            <>
              <Text size="sm">These fields are filled from it; save the asset to keep them:</Text>
              <List size="sm" aria-label="Inherited fields">
                {names.map((name) => (
                  <List.Item key={name}>{labelOf(stencil.inputs, name)}</List.Item>
                ))}
              </List>
            </>
          ))}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setStep({ name: 'choose' })}>
            Choose another
          </Button>
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          {step.name === 'confirm' && names.length > 0 && <Button onClick={() => handleInherit(step.values)}>Inherit data</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
