import { useState } from 'react';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { SHIP_TEXTS, shipOutcome, type AssetVersion, type ShipLocaleResult, type StencilDefinition } from '@editor/domain';
import { useApiClient } from '../../../api/ApiClientProvider.tsx';
import { LocaleName } from '../../bulk-edit/LocaleName.tsx';
import { LocaleResultList, type LocaleResultGroup, type LocaleResultRow } from '../../bulk-edit/LocaleResultList.tsx';
import { useCurrentUser } from '../../../parts/user/useCurrentUser.ts';
import { shipToLocales } from './shipCalls.ts';
import { shippableInputs, shipTargets, type ShipTarget } from './shipTargets.ts';

type ShipGroup = 'shippingFailed' | 'shipped';

const toggle = (list: readonly string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((entry) => entry !== value));

const GROUPS: ReadonlyArray<LocaleResultGroup<ShipGroup>> = [
  { key: 'shippingFailed', title: SHIP_TEXTS.shippingFailed, isFailure: true },
  { key: 'shipped', title: SHIP_TEXTS.shipped, isFailure: false },
];

export interface ShipModalProps {
  opened: boolean;
  version: AssetVersion;
  stencil: StencilDefinition;
  onClose: () => void;
  /** At least one locale was shipped into: the open version's lastShipped changed. */
  onShipped: () => void;
}

/**
 * Spec 000 §7 ship and bulk-ship from the editor: chosen properties of the open (saved) version go to one or more
 * other locales the user may edit, in one bulk-ship call; the results are listed per locale like bulk edit's Finish.
 */
export function ShipModal(props: ShipModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={SHIP_TEXTS.title} size="lg">
      {/* Mounted only while open, so every opening starts with nothing chosen. */}
      {props.opened && <ShipDialog {...props} />}
    </Modal>
  );
}

function ShipDialog({ version, stencil, onClose, onShipped }: ShipModalProps) {
  const api = useApiClient();
  const { effectiveRights } = useCurrentUser();
  const targets = shipTargets({ version, rights: effectiveRights });
  const inputs = shippableInputs(stencil);
  const [properties, setProperties] = useState<string[]>([]);
  const [locales, setLocales] = useState<string[]>([]);
  const ship = useMutation({
    mutationFn: () => shipToLocales(api, { version, locales, properties }),
    onSuccess: (results) => {
      if (results.some((result) => shipOutcome(result) === 'shipped')) onShipped();
    },
  });

  if (ship.data) {
    return (
      <Stack gap="md">
        <ShipResults assetId={version.id} targets={targets} results={ship.data} />
        <Group justify="flex-end">
          <Button onClick={onClose}>Finish</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Checkbox.Group label={<Title order={5}>{SHIP_TEXTS.properties}</Title>} value={properties} onChange={setProperties}>
        <ScrollArea.Autosize mah={240} mt="xs">
          <Stack gap={6}>
            {inputs.map((input) => (
              <Checkbox key={input.name} value={input.name} label={input.label} disabled={ship.isPending} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Checkbox.Group>
      <Stack gap={6} role="group" aria-label={SHIP_TEXTS.locales}>
        <Title order={5}>{SHIP_TEXTS.locales}</Title>
        {targets.length === 0 && (
          <Text size="sm" c="dimmed">
            This asset has no other locales.
          </Text>
        )}
        {targets.map((target) => (
          <Checkbox
            key={target.locale}
            label={<TargetLabel target={target} />}
            checked={locales.includes(target.locale)}
            disabled={!target.canShip || ship.isPending}
            onChange={(event) => setLocales(toggle(locales, target.locale, event.currentTarget.checked))}
          />
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={ship.isPending}>
          Cancel
        </Button>
        <Button disabled={properties.length === 0 || locales.length === 0 || ship.isPending} onClick={() => ship.mutate()}>
          {ship.isPending ? SHIP_TEXTS.shipping : SHIP_TEXTS.action}
        </Button>
      </Group>
    </Stack>
  );
}

function TargetLabel({ target }: { target: ShipTarget }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <LocaleName row={target} />
      <Text size="xs" c="dimmed">
        {target.canShip ? target.status : `${target.status} · ${SHIP_TEXTS.noRight}`}
      </Text>
    </Group>
  );
}

/** The shipped locales and those that were not, each failed one with our text, the server's reasons and a link. */
function ShipResults({ assetId, targets, results }: { assetId: string; targets: readonly ShipTarget[]; results: readonly ShipLocaleResult[] }) {
  const rows: Array<LocaleResultRow<ShipGroup>> = results.map((result) => {
    const row = targets.find((target) => target.locale === result.localization) ?? { locale: result.localization, label: result.localization };
    const outcome = shipOutcome(result);
    if (outcome === 'shipped') return { row, group: 'shipped' };
    return { row, group: 'shippingFailed', failure: { text: outcome === 'refused' ? SHIP_TEXTS.refused : SHIP_TEXTS.failed, messages: result.messages } };
  });
  return <LocaleResultList assetId={assetId} groups={GROUPS} rows={rows} />;
}
