import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';

interface HeroStyleModalProps {
  opened: boolean;
  /** Default first, then the layouts the input offers. */
  layouts: readonly string[];
  current: string;
  onSelect: (layout: string) => void;
  onClose: () => void;
}

/** Spec 000 §2 'Select a hero style': the layouts; Ok is disabled until the choice changes; Cancel closes. */
export function HeroStyleModal({ opened, layouts, current, onSelect, onClose }: HeroStyleModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Select a hero style">
      {opened && <HeroStyleChoice layouts={layouts} current={current} onSelect={onSelect} onClose={onClose} />}
    </Modal>
  );
}

function HeroStyleChoice({ layouts, current, onSelect, onClose }: Omit<HeroStyleModalProps, 'opened'>) {
  const [choice, setChoice] = useState(current);
  return (
    <Stack gap="md">
      <Text size="sm">The hero style affects only the header image, title and teaser presentation on the public site.</Text>
      <Radio.Group value={choice} onChange={setChoice} aria-label="Hero style">
        <Stack gap="xs">
          {layouts.map((layout) => (
            <Radio key={layout} value={layout} label={layout} />
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={choice === current} onClick={() => onSelect(choice)}>
          Ok
        </Button>
      </Group>
    </Stack>
  );
}
