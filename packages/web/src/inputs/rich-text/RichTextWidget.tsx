import { useEffect, useId, useMemo, useState } from 'react';
import { richTextRulesOf } from '@editor/domain';
import { indexedErrorPath } from '../../editor-state/itemSteps.ts';
import { indexedPath } from '../../editor-state/valuePath.ts';
import type { WidgetProps } from '../field/widgetProps.ts';
import { FieldFrame, isRequiredInput } from '../field/FieldFrame.tsx';
import { linkedAssetIds } from './internalLinks.ts';
import type { TextboxAttributes } from './RichTextEditor.tsx';
import { RichTextInput } from './RichTextInput.tsx';
import { NO_ASSET_IDS, useLinkedAssetCheck } from './useLinkedAssetCheck.ts';

/** Checks the linked assets; only texts with internal links mount it, so most texts ask the server nothing. */
function LinkedAssetsCheck({ assetIds, errorPath, onMissingChange }: { assetIds: readonly string[]; errorPath: string; onMissingChange: (ids: ReadonlySet<string>) => void }) {
  const missing = useLinkedAssetCheck(assetIds, errorPath);
  useEffect(() => onMissingChange(missing), [missing, onMissingChange]);
  useEffect(() => () => onMissingChange(NO_ASSET_IDS), [onMissingChange]);
  return null;
}

/**
 * A rich-text input (spec 002 §4, §5): an HTML string, `undefined` when the text is empty. Label, hint, required
 * mark and messages around the text; internal links to missing assets are marked and count as an error.
 */
export function RichTextWidget({ input, value, onChange, onBlur, disabled, errors, path, errorPath }: WidgetProps) {
  const id = useId();
  const html = typeof value === 'string' ? value : undefined;
  // Kept by what the rules say, not by the path: an item that moves in its list gets a new path but the same rules,
  // and new rules would sanitise its text again and start its editor anew.
  // The rules read indexes where an item step stands (`story-content.@item-3.text` is a story's text).
  const { isSingleParagraph, headingLevels } = richTextRulesOf(input, { path: indexedPath(path), errorPath: indexedErrorPath(errorPath) });
  const options = useMemo(() => ({ isSingleParagraph, headingLevels }), [isSingleParagraph, headingLevels]);
  const assetIds = useMemo(() => linkedAssetIds(html), [html]);
  const [missingAssetIds, setMissingAssetIds] = useState(NO_ASSET_IDS);

  const hasErrors = errors.length > 0;
  const hasHint = input.view.hint !== undefined;
  const isRequired = isRequiredInput(input);
  const textbox = useMemo<TextboxAttributes>(
    () => ({
      'aria-labelledby': `${id}-label`,
      'aria-describedby': [hasErrors ? `${id}-error` : '', hasHint ? `${id}-description` : ''].join(' ').trim() || undefined,
      'aria-invalid': hasErrors ? 'true' : undefined,
      'aria-required': isRequired ? 'true' : undefined,
    }),
    [id, hasErrors, hasHint, isRequired],
  );

  // Kept while only the path changes (an item moved in its list): its frame and text pass the move by.
  const linkCheckPath = assetIds.length > 0 ? errorPath : undefined;
  return useMemo(
    () => (
      <FieldFrame input={input} errors={errors} id={id}>
        {linkCheckPath !== undefined && <LinkedAssetsCheck assetIds={assetIds} errorPath={linkCheckPath} onMissingChange={setMissingAssetIds} />}
        <RichTextInput
          value={html}
          onChange={onChange}
          onBlur={onBlur}
          disabled={disabled}
          options={options}
          missingAssetIds={missingAssetIds}
          textbox={textbox}
        />
      </FieldFrame>
    ),
    [input, errors, id, linkCheckPath, assetIds, html, onChange, onBlur, disabled, options, missingAssetIds, textbox],
  );
}
