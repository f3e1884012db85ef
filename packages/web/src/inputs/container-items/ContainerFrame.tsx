import type { FocusEvent, ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { InputDefinition } from '@editor/domain';
import { StableFieldFrame } from './StableFieldFrame.tsx';
import { isFocusLeaving } from './useItemList.ts';

interface ContainerFrameProps {
  input: InputDefinition;
  errors: readonly string[];
  /** Focus has left every field inside (spec 002 §4 "Fields are touched after blur"). */
  onLeave: () => void;
  /** Pass a memoised element where the fields are many: the frame re-renders when it changes. */
  children: ReactNode;
}

/**
 * The frame of a container or a list: label, hint and messages around its fields, and one blur for all of them,
 * when focus leaves the last of them rather than when it moves from one to the next.
 */
export function ContainerFrame({ input, errors, onLeave, children }: ContainerFrameProps) {
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (isFocusLeaving(event)) onLeave();
  };
  return (
    <div onBlur={handleBlur}>
      <StableFieldFrame input={input} errors={errors}>
        {children}
      </StableFieldFrame>
    </div>
  );
}

/** The Add button under the items of a list or a multiple container. */
export function AddItemButton({ disabled = false, onClick }: { disabled?: boolean; onClick: () => void }) {
  return (
    <Button variant="light" size="compact-sm" leftSection={<IconPlus size={14} />} style={{ alignSelf: 'flex-start' }} disabled={disabled} onClick={onClick}>
      Add
    </Button>
  );
}
