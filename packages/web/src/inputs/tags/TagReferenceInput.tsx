import { useMemo, useState } from 'react';
import { Checkbox, Combobox, Pill, PillsInput, Stack, Text, useCombobox } from '@mantine/core';
import { ALL_TAG, TARGET_TAGS_INPUT, isTargetAll, type AssetListItem, type AssetReference } from '@editor/domain';
import { UNTITLED } from '../../parts/asset-card/cardModel.ts';
import { isRequiredInput } from '../field/FieldFrame.tsx';
import { MISSING_ASSET } from '../asset-reference/ReferenceCard.tsx';
import { addReferences, allowedStencilsOf, referenceKeys, referencesOf, referenceTo, referenceValueOf, removeReferenceAt } from '../asset-reference/referenceValue.ts';
import { useEditorLocale, useReferencedAssets } from '../asset-reference/useReferencedAssets.ts';
import { suggestionTypeOf } from './suggestionText.ts';
import { TagSuggestionsPanel } from './TagSuggestionsPanel.tsx';
import { useTagSearch } from './useTagSearch.ts';
import type { InputProps } from '../field/widgetProps.ts';

export interface TagReferenceInputProps extends InputProps<AssetReference | AssetReference[]> {
  itemMessages?: ReadonlyMap<number, readonly string[]> | undefined;
}

const NO_PICKS: ReadonlyMap<string, AssetListItem> = new Map();
const NO_REFERENCES: readonly AssetReference[] = [];

/**
 * An asset reference shown as tags (view.style 'tags'): the chosen tags as chips, and a search of the allowed
 * stencils to pick more. Single unless `multiple`: there a second pick replaces the first (spec 001 §5). The
 * target-tags input adds 'Target all', which disables the tag list and makes the value the single all-tag (spec 002 §5).
 * A disciplines input shows the tag suggestions for the asset's text (spec 001 §4, §7).
 */
export function TagReferenceInput({ input, value, onChange, onBlur, disabled, errors, itemMessages }: TagReferenceInputProps) {
  const isMultiple = input.multiple === true;
  const allowedStencils = allowedStencilsOf(input);
  const locale = useEditorLocale();
  const references = useMemo(() => referencesOf(value), [value]);
  const keys = useMemo(() => referenceKeys(references), [references]);
  const [picked, setPicked] = useState(NO_PICKS);
  const hasTargetAll = input.name === TARGET_TAGS_INPUT;
  const isTargetingAll = hasTargetAll && isTargetAll(value);
  // While targeting all, no chip shows, so the all-tag needs no lookup.
  const assets = useReferencedAssets(isTargetingAll ? NO_REFERENCES : references, picked);
  const search = useTagSearch({ stencils: allowedStencils, locale });
  const combobox = useCombobox({
    onDropdownOpen: () => search.force(),
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      // Text left in the field would look like a chosen tag.
      search.onTextChange('');
    },
  });
  const isLocked = disabled || isTargetingAll;

  const commit = (next: readonly AssetReference[]) => onChange(referenceValueOf(next, isMultiple));
  const labelOf = (reference: AssetReference) => {
    const item = assets.versionOf(reference.id);
    if (item) return item.title || UNTITLED;
    return assets.isMissing(reference.id) ? MISSING_ASSET : '…';
  };
  const handleSubmit = (id: string) => {
    const item = search.options.find((option) => option.id === id);
    if (!item) return;
    setPicked((current) => new Map(current).set(item.id, item));
    const isChosen = references.some((reference) => reference.id === id);
    // In a list, picking a chosen tag again takes it out, as in the list page's tag filter.
    commit(isChosen && isMultiple ? references.filter((reference) => reference.id !== id) : addReferences({ current: references, picked: [referenceTo(item)], isMultiple, allowedStencils }));
    search.onTextChange('');
    if (!isMultiple) combobox.closeDropdown();
  };
  const handleRemove = (index: number) => {
    commit(removeReferenceAt(references, index));
    onBlur();
  };
  const suggestion = suggestionTypeOf(allowedStencils);
  const handleAddSuggestion = (tag: { uuid: string }) => {
    if (!suggestion) return;
    commit(addReferences({ current: references, picked: [{ id: tag.uuid, stencil: suggestion.stencil }], isMultiple, allowedStencils }));
    onBlur();
  };
  const handleTargetAll = (isChecked: boolean) => {
    onChange(isChecked ? (isMultiple ? [ALL_TAG] : ALL_TAG) : undefined);
    onBlur();
  };

  const messages = [...errors, ...[...(itemMessages?.values() ?? [])].flat()];
  return (
    <Stack gap={6}>
      <Combobox store={combobox} onOptionSubmit={handleSubmit} withinPortal>
        <Combobox.DropdownTarget>
          <PillsInput
            label={input.view.label}
            description={input.view.hint}
            required={isRequiredInput(input)}
            error={messages.length > 0 ? messages.join(' ') : undefined}
            disabled={isLocked}
            onClick={() => !isLocked && combobox.openDropdown()}
          >
            <Pill.Group>
              {!isTargetingAll &&
                references.map((reference, index) => {
                  const label = labelOf(reference);
                  return (
                    <Pill
                      key={keys[index]}
                      withRemoveButton={!isLocked}
                      onRemove={() => handleRemove(index)}
                      // The chip's remove button is reachable and named, not only the Backspace key.
                      removeButtonProps={{ 'aria-hidden': false, tabIndex: 0, 'aria-label': `Remove ${label}` }}
                      c={itemMessages?.has(index) || assets.isMissing(reference.id) ? 'red' : undefined}
                    >
                      {label}
                    </Pill>
                  );
                })}
              <Combobox.EventsTarget>
                <PillsInput.Field
                  value={search.text}
                  placeholder={references.length === 0 || isMultiple ? input.view.placeholder : undefined}
                  disabled={isLocked}
                  onFocus={() => combobox.openDropdown()}
                  onBlur={() => {
                    combobox.closeDropdown();
                    onBlur();
                  }}
                  onChange={(event) => {
                    search.onTextChange(event.currentTarget.value);
                    combobox.openDropdown();
                    combobox.updateSelectedOptionIndex();
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Backspace' && search.text === '' && references.length > 0) {
                      event.preventDefault();
                      handleRemove(references.length - 1);
                    }
                  }}
                />
              </Combobox.EventsTarget>
            </Pill.Group>
          </PillsInput>
        </Combobox.DropdownTarget>
        <Combobox.Dropdown>
          <Combobox.Options mah={300} style={{ overflowY: 'auto' }} aria-label={input.view.label}>
            {search.options.length === 0 ? (
              <Combobox.Empty>{search.isSearching ? 'Searching…' : 'Nothing found'}</Combobox.Empty>
            ) : (
              search.options.map((item) => {
                const isChosen = references.some((reference) => reference.id === item.id);
                return (
                  <Combobox.Option value={item.id} key={item.id} active={isChosen} aria-selected={isChosen}>
                    <Text size="sm" truncate>
                      {item.title || UNTITLED}
                    </Text>
                  </Combobox.Option>
                );
              })
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {suggestion && !isLocked && <TagSuggestionsPanel type={suggestion.type} chosenIds={references.map((reference) => reference.id)} onAdd={handleAddSuggestion} />}
      {hasTargetAll && <Checkbox label="Target all" checked={isTargetingAll} disabled={disabled} onChange={(event) => handleTargetAll(event.currentTarget.checked)} />}
    </Stack>
  );
}
