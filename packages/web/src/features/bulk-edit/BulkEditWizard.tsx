import { useMemo, useState } from 'react';
import { Button, Group, Modal, Stack, Stepper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { BULK_EDIT_STEP_LABELS, BULK_EDIT_STEPS, type AssetVersion, type StencilDefinition } from '@editor/domain';
import { queryKeys } from '../../api/queryKeys.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { contentPayload } from '../../editor-state/editorStore.ts';
import { useEditorStoreApi } from '../../editor-state/EditorStoreContext.tsx';
import { useBulkEdit } from './BulkEditContext.tsx';
import { wasUpdated } from './bulkEditCalls.ts';
import { offeredLocales } from './bulkEditLocales.ts';
import { FinishStep } from './FinishStep.tsx';
import { LocaleStep } from './LocaleStep.tsx';
import { SummaryStep, type BulkEditProperty } from './SummaryStep.tsx';
import { useBulkSave } from './useBulkSave.ts';

export interface BulkEditWizardProps {
  version: AssetVersion;
  stencil: StencilDefinition;
  /** The open locale was saved by the bulk edit: the editor takes the server's version again. */
  onOpenLocaleUpdated: () => void;
}

/** Spec 002 §4 bulk edit: the modal with the steps Locales, Summary and Finish, open while the mode is in its wizard phase. */
export function BulkEditWizard(props: BulkEditWizardProps) {
  const isOpen = useBulkEdit((state) => state.phase === 'wizard');
  const closeWizard = useBulkEdit((state) => state.closeWizard);
  return (
    <Modal.Root opened={isOpen} onClose={closeWizard} size="lg" closeOnClickOutside={false} closeOnEscape={false}>
      <Modal.Overlay />
      <Modal.Content>{isOpen && <BulkEditDialog {...props} />}</Modal.Content>
    </Modal.Root>
  );
}

function BulkEditDialog({ version, stencil, onOpenLocaleUpdated }: BulkEditWizardProps) {
  const { effectiveRights } = useCurrentUser();
  const queryClient = useQueryClient();
  const editorStore = useEditorStoreApi();
  const selectedProperties = useBulkEdit((state) => state.selected);
  const closeWizard = useBulkEdit((state) => state.closeWizard);
  const leave = useBulkEdit((state) => state.leave);
  const [step, setStep] = useState(0);
  const [chosenLocales, setChosenLocales] = useState<ReadonlySet<string>>(new Set());
  const { state: save, start } = useBulkSave(version.id);

  const offered = useMemo(
    () => offeredLocales({ localizations: version._embedded.about._meta.localizations, userLocales: effectiveRights.localizations, openLocale: version.localization }),
    [version, effectiveRights.localizations],
  );
  const targets = offered.filter((row) => chosenLocales.has(row.locale));
  // The values as they are now: the wizard is modal, so nothing edits them while it is open.
  const properties: BulkEditProperty[] = stencil.inputs
    .filter((input) => selectedProperties.has(input.name))
    .map((input) => ({ name: input.name, label: input.view.label, value: editorStore.getState().values[input.name] }));
  const canPublish = version._links['p:publish'].methods.includes('POST');
  const hasStartedSaving = save.phase !== 'idle';

  function handleSave(publish: boolean) {
    const state = editorStore.getState();
    const content = Object.fromEntries(Object.entries(contentPayload(state)).filter(([name]) => selectedProperties.has(name)));
    void start({ locales: targets.map((row) => row.locale), content, publish }).then(() => setStep(2));
  }

  function handleFinish() {
    if (save.phase !== 'done') return;
    const updated = save.locales.filter((locale) => {
      const result = save.results[locale];
      return result !== undefined && wasUpdated(result);
    });
    for (const locale of updated) {
      if (locale !== version.localization) void queryClient.invalidateQueries({ queryKey: queryKeys.editorAsset(version.id, locale) });
    }
    if (updated.length > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.assetLists(), refetchType: 'none' });
    leave();
    if (updated.includes(version.localization)) onOpenLocaleUpdated();
  }

  return (
    <>
      <Modal.Header>
        <Modal.Title>Bulk Edit</Modal.Title>
        {/* Closing goes back to choosing properties; once saving began, only Finish ends the flow. */}
        {!hasStartedSaving && <Modal.CloseButton aria-label="Close" onClick={closeWizard} />}
      </Modal.Header>
      <Modal.Body>
        <Stepper active={step} onStepClick={setStep} allowNextStepsSelect={false} size="sm">
          {BULK_EDIT_STEPS.map((name, index) => {
            // Spec 002 §4: earlier steps can be clicked back to, unless saving has begun.
            const isSelectable = index < step && !hasStartedSaving;
            return (
              <Stepper.Step
                key={name}
                label={BULK_EDIT_STEP_LABELS[name]}
                allowStepSelect={isSelectable}
                disabled={!isSelectable && index !== step}
                aria-current={index === step ? 'step' : undefined}
              >
                {name === 'locale-select' && (
                  <Stack gap="md">
                    <LocaleStep locales={offered} selected={chosenLocales} onChange={setChosenLocales} />
                    <Group justify="flex-end">
                      <Button disabled={targets.length === 0} onClick={() => setStep(1)}>
                        Next
                      </Button>
                    </Group>
                  </Stack>
                )}
                {name === 'summary' && <SummaryStep properties={properties} locales={targets} save={save} canPublish={canPublish} onSave={handleSave} />}
                {name === 'finish' && save.phase === 'done' && (
                  <Stack gap="md">
                    <FinishStep assetId={version.id} locales={targets} results={save.results} />
                    <Group justify="flex-end">
                      <Button onClick={handleFinish}>Finish</Button>
                    </Group>
                  </Stack>
                )}
              </Stepper.Step>
            );
          })}
        </Stepper>
      </Modal.Body>
    </>
  );
}
