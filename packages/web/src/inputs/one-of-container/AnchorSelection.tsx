import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Group } from '@mantine/core';
import { IconAnchor } from '@tabler/icons-react';
import { paragraphAnchorOf, withAnchorRemoved, withAnchorSet } from '@editor/domain';
import { useFieldValue } from '../../editor-state/fieldHooks.ts';
import { indexOfStep } from '../../editor-state/itemSteps.ts';
import type { ValuePath } from '../../editor-state/valuePath.ts';

/** Spec 002 §4 Anchors: selection mode is on for one anchor at a time, the call to action at `anchorIndex`. */
export interface AnchorSelectionState {
  anchorIndex: number;
  anchorKey: string;
}

interface AnchorSelection {
  /** The one-of list's path: anchors read its items. */
  listPath: ValuePath;
  selecting: AnchorSelectionState | null;
  start: (selection: AnchorSelectionState) => void;
  cancel: () => void;
  /** Sets the anchor being selected on the paragraph at `paragraphIndex` and ends selection mode. */
  select: (paragraphIndex: number) => void;
  remove: (anchorKey: string) => void;
}

const AnchorSelectionContext = createContext<AnchorSelection | null>(null);

/** The anchor selection of the one-of list around; null outside one (a call to action elsewhere cannot jump). */
export function useAnchorSelection(): AnchorSelection | null {
  return useContext(AnchorSelectionContext);
}

/** A new anchor's key: it names the anchor in its call to action and on its paragraph (spec 002 §3 Anchor). */
export function newAnchorKey(): string {
  return `anchor-${crypto.randomUUID()}`;
}

interface ProviderProps {
  listPath: ValuePath;
  /** The list as the store holds it now. */
  current: () => readonly unknown[];
  emit: (list: unknown[]) => void;
  children: ReactNode;
}

/** Selection mode for the anchors of one one-of list (story content). */
export function AnchorSelectionProvider({ listPath, current, emit, children }: ProviderProps) {
  const [selecting, setSelecting] = useState<AnchorSelectionState | null>(null);
  const value = useMemo<AnchorSelection>(
    () => ({
      listPath,
      selecting,
      start: setSelecting,
      cancel: () => setSelecting(null),
      select: (paragraphIndex) => {
        if (!selecting) return;
        emit(withAnchorSet(current(), { ...selecting, paragraphIndex }));
        setSelecting(null);
      },
      remove: (anchorKey) => emit(withAnchorRemoved(current(), anchorKey)),
    }),
    [listPath, selecting, current, emit],
  );
  return <AnchorSelectionContext.Provider value={value}>{children}</AnchorSelectionContext.Provider>;
}

/**
 * The anchor row of a paragraph: its url fragment while it carries an anchor, and in selection mode the button that
 * sets the anchor here.
 */
export function ParagraphAnchorRow({ itemPath, label, disabled }: { itemPath: ValuePath; label: string; disabled: boolean }) {
  const selection = useAnchorSelection();
  const anchor = paragraphAnchorOf(useFieldValue(itemPath));
  // Where the paragraph is when the button is pressed: items above it may have moved since it rendered.
  const handleSelect = () => {
    const index = indexOfStep(itemPath.at(-1));
    if (index !== undefined) selection?.select(index);
  };
  if (!selection || (!anchor && (!selection.selecting || disabled))) return null;
  return (
    <Group gap="xs" mb="xs">
      {anchor && (
        <Badge variant="light" leftSection={<IconAnchor size={12} aria-hidden />} tt="none">
          #{anchor.urlFragment}
        </Badge>
      )}
      {selection.selecting && !disabled && (
        <Button size="compact-xs" leftSection={<IconAnchor size={14} aria-hidden />} onClick={handleSelect} aria-label={`Set Anchor on ${label}`}>
          Set Anchor here
        </Button>
      )}
    </Group>
  );
}
