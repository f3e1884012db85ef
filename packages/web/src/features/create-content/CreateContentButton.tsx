import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { CreateContentModal } from './CreateContentModal.tsx';

/** Spec 001 §2.1: the header's Create Content action and its modal; the header shows it to creators only. */
export function CreateContentButton() {
  const [isOpen, modal] = useDisclosure(false);
  return (
    <>
      <Button size="compact-sm" leftSection={<IconPlus size={14} stroke={2} />} onClick={modal.open}>
        Create Content
      </Button>
      <CreateContentModal opened={isOpen} onClose={modal.close} />
    </>
  );
}
