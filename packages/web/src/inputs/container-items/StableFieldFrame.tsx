import { memo, type ReactNode } from 'react';
import type { InputDefinition } from '@editor/domain';
import { FieldFrame } from '../field/FieldFrame.tsx';

interface StableFieldFrameProps {
  input: InputDefinition;
  errors: readonly string[];
  /** Pass a memoised element: the frame re-renders when it changes. */
  children: ReactNode;
}

const sameMessages = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((message, index) => message === b[index]);

/**
 * `FieldFrame` around the items of a container, re-rendered only when its input, messages or children change.
 * The UI kit's input wrapper hands its subtree a new context value at every render, and React then walks every
 * item below it looking for readers; a story's container re-renders at each change inside one of its items.
 */
export const StableFieldFrame = memo(
  function StableFieldFrame({ input, errors, children }: StableFieldFrameProps) {
    return (
      <FieldFrame input={input} errors={errors}>
        {children}
      </FieldFrame>
    );
  },
  (before, after) => before.input === after.input && before.children === after.children && sameMessages(before.errors, after.errors),
);
