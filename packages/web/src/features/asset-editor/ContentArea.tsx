import { Fragment, useMemo, useState } from 'react';
import { ActionIcon, Alert, Box, Group, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconArrowsMaximize, IconArrowsMinimize } from '@tabler/icons-react';
import { countErrors, findInput, type ContentArea as StencilArea, type InputDefinition, type StencilDefinition } from '@editor/domain';
import { TopLevelField } from '../../inputs/field/Field.tsx';
import { useEditor } from '../../editor-state/EditorStoreContext.tsx';

/** The content area the Advanced details tab shows instead of a tab of its own (spec 002 §2). */
export const ADVANCED_AREA = 'advanced';

/** Every input name an area holds, its sub-areas' included. */
export function areaInputNames(area: StencilArea): string[] {
  return [...(area.inputs ?? []), ...(area.subAreas ?? []).flatMap((sub) => sub.inputs)];
}

function useAreaState(names: readonly string[]) {
  const hasChanges = useEditor((state) => names.some((name) => state.changedInputs.has(name)));
  const errorCount = useEditor((state) => names.reduce((sum, name) => sum + countErrors(state.errors, name), 0));
  return { hasChanges, errorCount };
}

/** Spec 002 §2: a tab heading with a dot for changes and a warning icon for errors. */
function AreaTabLabel({ area }: { area: StencilArea }) {
  const names = useMemo(() => areaInputNames(area), [area]);
  const { hasChanges, errorCount } = useAreaState(names);
  return (
    <Group gap={6} wrap="nowrap">
      <span>{area.label}</span>
      {hasChanges && <Box component="span" w={8} h={8} bg="blue.6" style={{ borderRadius: '50%' }} aria-label="has changes" role="img" />}
      {errorCount > 0 && <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" aria-label={`${errorCount} errors`} role="img" />}
    </Group>
  );
}

/** Inputs in stencil order, with a heading where the view's group changes. */
export function InputList({ stencil, names }: { stencil: StencilDefinition; names: readonly string[] }) {
  const inputs = useMemo(() => names.map((name) => findInput(stencil, name)).filter((input): input is InputDefinition => input !== undefined), [stencil, names]);
  return (
    <Stack gap="lg">
      {inputs.map((input, index) => {
        const group = input.view.group;
        const startsGroup = group !== undefined && group !== inputs[index - 1]?.view.group;
        return (
          <Fragment key={input.name}>
            {startsGroup && (
              <Title order={5} c="dimmed" tt="uppercase" fz="xs">
                {group}
              </Title>
            )}
            <TopLevelField input={input} />
          </Fragment>
        );
      })}
    </Stack>
  );
}

function AreaPanel({ stencil, area }: { stencil: StencilDefinition; area: StencilArea }) {
  return (
    <Stack gap="xl">
      {area.inputs && <InputList stencil={stencil} names={area.inputs} />}
      {(area.subAreas ?? []).map((sub) => (
        <Stack key={sub.name} gap="md" component="section" aria-label={sub.label}>
          <Title order={4}>{sub.label}</Title>
          {sub.hint && (
            <Alert color="yellow" variant="light" p="xs">
              <Text size="sm">{sub.hint}</Text>
            </Alert>
          )}
          <InputList stencil={stencil} names={sub.inputs} />
        </Stack>
      ))}
    </Stack>
  );
}

/** Spec 002 §2: one tab per content area (with its sub-areas); only the open tab's inputs are rendered. */
export function ContentArea({ stencil, isExpanded, onToggleExpanded }: { stencil: StencilDefinition; isExpanded: boolean; onToggleExpanded: () => void }) {
  const areas = useMemo(() => stencil.contentAreas.filter((area) => area.name !== ADVANCED_AREA), [stencil]);
  const [active, setActive] = useState<string | null>(areas[0]?.name ?? null);
  return (
    <Tabs value={active} onChange={setActive} keepMounted={false}>
      <Group justify="space-between" wrap="nowrap" align="flex-end">
        <Tabs.List style={{ flex: 1 }}>
          {areas.map((area) => (
            <Tabs.Tab key={area.name} value={area.name}>
              <AreaTabLabel area={area} />
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <ExpandToggle isExpanded={isExpanded} onToggle={onToggleExpanded} what="content" />
      </Group>
      {areas.map((area) => (
        <Tabs.Panel key={area.name} value={area.name} pt="md">
          <AreaPanel stencil={stencil} area={area} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** Spec 002 §2: the content and the side panel can each be expanded to the full width. */
export function ExpandToggle({ isExpanded, onToggle, what }: { isExpanded: boolean; onToggle: () => void; what: string }) {
  const label = isExpanded ? `Collapse ${what}` : `Expand ${what}`;
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={onToggle}>
        {isExpanded ? <IconArrowsMinimize size={16} /> : <IconArrowsMaximize size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}
