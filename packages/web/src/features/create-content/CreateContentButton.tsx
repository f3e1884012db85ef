import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

// The modal brings every creation wizard (galleries, events, their inputs); it loads on the first click, so the
// header of every page stays light.
const CreateContentModal = lazy(async () => ({ default: (await import('./CreateContentModal.tsx')).CreateContentModal }));

/** Spec 001 §2.1: the header's Create Content action and its modal; the header shows it to creators only. */
export function CreateContentButton() {
  // Kept mounted after the first opening, so the modal closes with its transition.
  const [state, setState] = useState<'never-opened' | 'open' | 'closed'>('never-opened');
  return (
    <>
      <Button size="compact-sm" leftSection={<IconPlus size={14} stroke={2} />} onClick={() => setState('open')}>
        Create Content
      </Button>
      {state === 'never-opened' ? null : (
        <Suspense fallback={null}>
          <CreateContentModal opened={state === 'open'} onClose={() => setState('closed')} />
        </Suspense>
      )}
    </>
  );
}
