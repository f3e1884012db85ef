import { memo, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { ActionIcon, Group, Input, Paper, Radio, Text } from '@mantine/core';
import { IconArrowBarToUp, IconTrash } from '@tabler/icons-react';
import { ctaAnchorOf, IMAGE_GALLERY_ELEMENT, isRecord, PARAGRAPH, placedImageOf, withAnchorRemoved, type InputDefinition } from '@editor/domain';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { useProgressiveCount } from '../container-items/useProgressiveCount.ts';
import { useFieldValue, useSetFieldValue, useTouchField, useVisibleErrors } from '../../editor-state/fieldHooks.ts';
import { whenIdle } from '../idleWork.ts';
import { itemStep } from '../../editor-state/itemSteps.ts';
import type { ValuePath } from '../../editor-state/valuePath.ts';
import { AddToolbar, InsertToolbar } from '../container-items/AddToolbar.tsx';
import { ContainerFrame } from '../container-items/ContainerFrame.tsx';
import { ItemButton, ItemChunkFrame, ItemFrame } from '../container-items/ItemFrame.tsx';
import { useItemChunks, type ItemChunk } from '../container-items/itemChunks.ts';
import { insertItem, removeItem, replaceItem, type KeyedItems } from '../container-items/itemKeys.ts';
import { releaseFocusWithin } from '../container-items/releaseFocus.ts';
import { SortableItems } from '../container-items/SortableItems.tsx';
import { useItemList } from '../container-items/useItemList.ts';
import { Field } from '../field/Field.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';
import { AnchorSelectionProvider, ParagraphAnchorRow } from './AnchorSelection.tsx';
import { GalleryDisplayType, ImagePlacement } from './ElementPlacement.tsx';
import {
  choicesOf,
  DISPLAY_TYPES,
  INFO_BLOCK_GROUP,
  isMergeableText,
  mergedIntoPrevious,
  styleOf,
  typeOf,
  type Choices,
  type DisplayType,
} from './oneOfItems.ts';

/** Edits of one item, named by its key: an item may have moved since it rendered. */
interface OneOfEdits {
  /** Inserts a new item of the choice above the item. */
  insertAbove: (key: string, choiceName: string) => void;
  /** Gives an item without a choice its choice. */
  choose: (key: string, choiceName: string) => void;
  remove: (key: string) => void;
  merge: (key: string) => void;
}

function displayTypeOf(style: unknown): DisplayType | null {
  const displayType = isRecord(style) && isRecord(style.attributes) ? style.attributes.displayType : undefined;
  return DISPLAY_TYPES.find((option) => option.value === displayType)?.value ?? null;
}

/** Spec 002 §3, §9: an info block group's layout, Horizontal (rail) or Vertical (stack), in the item's `_meta.style`. */
function InfoBlockLayout({ itemPath, disabled }: { itemPath: ValuePath; disabled: boolean }) {
  const stylePath = useMemo(() => [...itemPath, '_meta', 'style'], [itemPath]);
  const displayType = displayTypeOf(useFieldValue(stylePath));
  const setStyle = useSetFieldValue(stylePath);
  return (
    <Radio.Group label="Info block layout" value={displayType} onChange={(next) => setStyle(styleOf(next as DisplayType))} mb="xs">
      <Group gap="md" mt={4}>
        {DISPLAY_TYPES.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} />
        ))}
      </Group>
    </Radio.Group>
  );
}

// Made once: an item renumbered by an edit above it leaves its icon as it is.
const MERGE_ICON = <IconArrowBarToUp size={16} />;

interface OneOfItemProps {
  itemKey: string;
  /** The item's place as shown in its label; edits and paths name the item by its key. */
  index: number;
  /** The item's choice name; '' for an item without one. */
  type: string;
  choices: Choices;
  containerLabel: string;
  path: ValuePath;
  errorPath: string;
  disabled: boolean;
  canMerge: boolean;
  edits: OneOfEdits;
}

interface OneOfItemBodyProps {
  type: string;
  choice: InputDefinition | undefined;
  itemPath: ValuePath;
  itemErrorPath: string;
  disabled: boolean;
}

/**
 * What an item holds: its choice's widget and the element's own settings. It knows the item by its key alone, so an
 * edit before it in the list (which renumbers its label) passes it by.
 */
const OneOfItemBody = memo(function OneOfItemBody({ type, choice, itemPath, itemErrorPath, disabled }: OneOfItemBodyProps) {
  const valuePath = useMemo(() => [...itemPath, 'value'], [itemPath]);
  return (
    <>
      {type === INFO_BLOCK_GROUP && <InfoBlockLayout itemPath={itemPath} disabled={disabled} />}
      {choice && placedImageOf(choice) && <ImagePlacement itemPath={itemPath} disabled={disabled} />}
      {type === IMAGE_GALLERY_ELEMENT && <GalleryDisplayType itemPath={itemPath} disabled={disabled} />}
      {choice && <Field input={choice} path={valuePath} errorPath={`${itemErrorPath}.${choice.name}`} disabled={disabled} />}
      {/* An item of a choice the stencil no longer has keeps its value untouched. */}
      {!choice && type !== '' && (
        <Text size="sm" c="dimmed">
          {type}
        </Text>
      )}
    </>
  );
});

/** The item's own error (a choice without a value). */
const OneOfItemErrors = memo(function OneOfItemErrors({ itemErrorPath }: { itemErrorPath: string }) {
  const itemErrors = useVisibleErrors(itemErrorPath);
  return itemErrors.length > 0 ? <Input.Error mt={4}>{itemErrors.join(' ')}</Input.Error> : null;
});

/**
 * One item: its choice's widget at `path.item.value`, errors at `errorPath.item.choiceName`, and the item's own
 * error at `errorPath.item`, where `item` is the item's step (`itemSteps.ts`). Memoised with primitive or stable
 * props: a change inside another item passes it by; an edit before it re-renders its chrome, not its body.
 */
const OneOfItem = memo(function OneOfItem(props: OneOfItemProps) {
  const { itemKey, index, type, choices, containerLabel, path, errorPath, disabled, canMerge, edits } = props;
  const choice = choices.byName.get(type);
  const step = itemStep(itemKey);
  const itemPath = useMemo(() => [...path, step], [path, step]);
  const itemErrorPath = `${errorPath}.${step}`;
  const touchItem = useTouchField(itemErrorPath);
  const title = choice?.view.label ?? (type === '' ? undefined : type);
  const label = `${title ?? containerLabel} ${index + 1}`;

  return (
    <ItemFrame
      itemKey={itemKey}
      label={label}
      disabled={disabled}
      onRemove={() => edits.remove(itemKey)}
      actions={
        canMerge && (
          <ItemButton
            onClick={(event) => {
              releaseFocusWithin(event.currentTarget);
              edits.merge(itemKey);
            }}
            aria-label={`Merge ${label} into the previous item`}
          >
            {MERGE_ICON}
          </ItemButton>
        )
      }
      above={disabled ? undefined : <InsertToolbar choices={choices.list} onInsert={(name) => edits.insertAbove(itemKey, name)} itemLabel={label} />}
    >
      <div onBlur={touchItem}>
        {type === PARAGRAPH && <ParagraphAnchorRow itemPath={itemPath} label={label} disabled={disabled} />}
        <OneOfItemBody type={type} choice={choice} itemPath={itemPath} itemErrorPath={itemErrorPath} disabled={disabled} />
        {type === '' && !disabled && <AddToolbar choices={choices.list} onAdd={(name) => edits.choose(itemKey, name)} label={`Choose ${label}`} />}
        <OneOfItemErrors itemErrorPath={itemErrorPath} />
      </div>
    </ItemFrame>
  );
});

/**
 * Items per chunk of a long list. A chunk, not an item, is what skips layout and paint off screen
 * (`ItemFrame.module.css`), so a short one paints little beyond the screen: items of chunks of thirty, unskipped,
 * cost each frame 2–4 ms more paint. Each memoised chunk lets an edit elsewhere pass its items by.
 */
const ITEMS_PER_CHUNK = 10;

interface OneOfChunkProps extends Omit<OneOfItemProps, 'itemKey' | 'index' | 'type' | 'canMerge'> {
  keys: readonly string[];
  /** The list index of its first item, as its labels show it. */
  start: number;
  /** The types of its items, one a line: a string, so that a chunk whose types stay the same passes a render by. */
  types: string;
  /** The type of the item before the chunk; null for the list's first chunk. */
  typeBefore: string | null;
}

/**
 * A run of consecutive items in an element of its own. Memoised: an edit of the list re-renders the chunk it
 * changed, and the chunks after it only to renumber their labels (`useShownStarts`). The element matters too:
 * React, updating one item, visits that item's siblings, and each sibling then looks up the whole tree for changed
 * context; in a chunk they are 30.
 */
const OneOfChunk = memo(function OneOfChunk({ keys, start, types, typeBefore, choices, ...shared }: OneOfChunkProps) {
  const chunkTypes = types.split('\n');
  return (
    <ItemChunkFrame items={keys.length}>
      {keys.map((key, offset) => {
        const type = chunkTypes[offset] ?? '';
        const previous = offset === 0 ? typeBefore : (chunkTypes[offset - 1] ?? '');
        const canMerge = previous !== null && isMergeableText(choices.byName.get(type)) && isMergeableText(choices.byName.get(previous));
        return <OneOfItem key={key} itemKey={key} index={start + offset} type={type} choices={choices} canMerge={canMerge} {...shared} />;
      })}
    </ItemChunkFrame>
  );
});

/** The longest wait for an idle moment to renumber the labels of the chunks after an edit (`useShownStarts`). */
const RENUMBER_WAIT_MS = 1000;

/**
 * The first index of each chunk as its labels show it. A chunk whose items changed shows its new start at once;
 * the others keep theirs until the browser's next idle moment: an element added or removed high in a long story
 * renumbers the labels of every element after it, and that must not hold up the frames that show the edit (React's
 * deferred render started at once and took its slices of the frame after the edit).
 */
function useShownStarts(chunks: readonly ItemChunk[]): ReadonlyMap<number, number> {
  const [renumbered, setRenumbered] = useState(chunks);
  useEffect(() => {
    if (renumbered === chunks) return undefined;
    return whenIdle(() => startTransition(() => setRenumbered(chunks)), { timeoutMs: RENUMBER_WAIT_MS });
  }, [chunks, renumbered]);
  return useMemo(() => {
    const before = new Map(renumbered.map((chunk) => [chunk.id, chunk]));
    return new Map(
      chunks.map((chunk) => {
        const shown = before.get(chunk.id);
        return [chunk.id, shown?.keys === chunk.keys ? shown.start : chunk.start];
      }),
    );
  }, [chunks, renumbered]);
}

interface OneOfListItemsProps {
  input: InputDefinition;
  path: ValuePath;
  errorPath: string;
  disabled: boolean;
}

/**
 * The items of a one-of list and its add toolbar. It reads the list from the store itself rather than from its
 * frame: the frame's UI-kit wrapper hands its subtree a new context value whenever it renders, and React then
 * searches every item below it for readers; an edit of the list re-renders only this, below the wrapper.
 */
const OneOfListItems = memo(function OneOfListItems({ input, path, errorPath, disabled }: OneOfListItemsProps) {
  const { features } = useAppConfig();
  const choices = useMemo(() => choicesOf(input, features), [input, features]);
  const value = useFieldValue(path);
  const onChange = useSetFieldValue(path);
  const { items, keys, current, emit, remove, move } = useItemList({ value, path, onChange });
  const types = useMemo(() => items.map(typeOf), [items]);
  // A long story opens with its first elements and adds the rest in idle moments (spec benchmark: 300 elements).
  const shownCount = useProgressiveCount(keys.length);

  const edits = useMemo<OneOfEdits>(() => {
    // The item's index in the list as the store holds it now; -1 once it is gone.
    const indexOf = (now: KeyedItems, key: string) => now.keys.indexOf(key);
    return {
      insertAbove: (key, choiceName) => {
        const now = current();
        const index = indexOf(now, key);
        if (index >= 0) emit(insertItem(now, index, { type: choiceName }));
      },
      choose: (key, choiceName) => {
        const now = current();
        const index = indexOf(now, key);
        const item = now.list[index];
        if (index >= 0) emit(replaceItem(now, index, { ...(isRecord(item) ? item : {}), type: choiceName }));
      },
      remove: (key) => {
        const now = current();
        const index = indexOf(now, key);
        if (index < 0) return;
        // A jump call to action takes its anchor off its paragraph when it goes (spec 002 §4 anchors).
        const anchorKey = ctaAnchorOf(now.list[index])?.anchorKey;
        if (anchorKey === undefined) remove(index);
        else emit(removeItem({ list: withAnchorRemoved(now.list, anchorKey), keys: now.keys }, index));
      },
      merge: (key) => {
        const now = current();
        const index = indexOf(now, key);
        const merged = mergedIntoPrevious(choices, now.list, index);
        if (!merged) return;
        emit(removeItem({ list: replaceItem(now, index - 1, merged.previous), keys: now.keys }, index));
      },
    };
  }, [current, emit, remove, choices]);
  const handleAppend = useCallback(
    (choiceName: string) => {
      const now = current();
      emit(insertItem(now, now.list.length, { type: choiceName }));
    },
    [current, emit],
  );
  const currentList = useCallback(() => current().list, [current]);

  const containerLabel = input.view.label;
  const shownKeys = useMemo(() => keys.slice(0, shownCount), [keys, shownCount]);
  const chunks = useItemChunks(shownKeys, ITEMS_PER_CHUNK);
  const shownStarts = useShownStarts(chunks);

  return (
    <AnchorSelectionProvider listPath={path} current={currentList} emit={emit}>
      {keys.length > 0 && (
        <SortableItems keys={keys} onMove={move}>
          {chunks.map((chunk) => (
            <OneOfChunk
              key={chunk.id}
              keys={chunk.keys}
              start={shownStarts.get(chunk.id) ?? chunk.start}
              types={types.slice(chunk.start, chunk.start + chunk.keys.length).join('\n')}
              typeBefore={chunk.start > 0 ? (types[chunk.start - 1] ?? '') : null}
              choices={choices}
              containerLabel={containerLabel}
              path={path}
              errorPath={errorPath}
              disabled={disabled}
              edits={edits}
            />
          ))}
        </SortableItems>
      )}
      {!disabled && <AddToolbar choices={choices.list} onAdd={handleAppend} label={`Add to ${containerLabel}`} />}
    </AnchorSelectionProvider>
  );
});

/**
 * A multiple one-of container (story content, authorship): a sortable list of `{ type, value, _meta? }` items.
 * Items are added from the add toolbar at the end or at the top of an item, removed, reordered by drag, and a text
 * is merged into the text before it (spec 002 §4).
 */
function OneOfList({ input, onBlur, disabled, errors, path, errorPath }: WidgetProps) {
  const items = useMemo(() => <OneOfListItems input={input} path={path} errorPath={errorPath} disabled={disabled} />, [input, path, errorPath, disabled]);
  return (
    <ContainerFrame input={input} errors={errors} onLeave={onBlur}>
      {items}
    </ContainerFrame>
  );
}

/** A one-of container holding one `{ type, value }`: the add toolbar while empty, then the chosen widget. */
function OneOfSingle({ input, value, onChange, onBlur, disabled, errors, path, errorPath }: WidgetProps) {
  const { features } = useAppConfig();
  const choices = useMemo(() => choicesOf(input, features), [input, features]);
  const type = typeOf(value);
  const choice = choices.byName.get(type);
  const valuePath = useMemo(() => [...path, 'value'], [path]);
  const handleChoose = useCallback((choiceName: string) => onChange({ ...(isRecord(value) ? value : {}), type: choiceName }), [onChange, value]);
  return (
    <ContainerFrame input={input} errors={errors} onLeave={onBlur}>
      {type === '' ? (
        !disabled && <AddToolbar choices={choices.list} onAdd={handleChoose} label={`Add to ${input.view.label}`} />
      ) : (
        <Paper withBorder radius="sm" p="xs" role="group" aria-label={choice?.view.label ?? type}>
          {!disabled && (
            <Group justify="flex-end" mb={4}>
              <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => onChange(undefined)} aria-label={`Remove ${choice?.view.label ?? type}`}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          )}
          {choice && <Field input={choice} path={valuePath} errorPath={`${errorPath}.${choice.name}`} disabled={disabled} />}
        </Paper>
      )}
    </ContainerFrame>
  );
}

/** A one-of container (spec 002 §3): each value is one of several choices, `{ type, value, _meta? }`. */
export function OneOfContainerWidget(props: WidgetProps) {
  return props.input.multiple ? <OneOfList {...props} /> : <OneOfSingle {...props} />;
}
