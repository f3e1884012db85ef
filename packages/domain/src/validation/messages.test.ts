import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M, minItemsMessage } from './messages.ts';

describe('validation messages', () => {
  it.each([
    ['required (spec 000 §5)', M.required, 'This field is required.'],
    ['max (spec 000 §5)', M.max(10), 'The value needs to be 10 or smaller.'],
    ['min (spec 000 §5)', M.min(-2.5), 'The value needs to be -2.5 or bigger.'],
    ['character count (spec 000 §5)', M.characterCount, 'The number of characters is not in the allowed range.'],
    ['maxLength on item count (spec 000 §5)', M.maxItems(3), 'The value needs to be 3 or smaller.'],
    ['pattern (spec 000 §5)', M.pattern, 'Does not match required pattern or contains invalid character.'],
    ['options (spec 000 §5)', M.option, 'The selected option is not supported in this field.'],
    ['providers (spec 000 §5)', M.provider, 'The selected provider is not supported in this field.'],
    ['stencils (spec 000 §5)', M.stencil, 'The selected asset type is not supported in this field.'],
    ['container minLength (spec 002 §5)', M.minItems(2), 'At least 2 items are required'],
    ['images minLength (spec 002 §5)', M.minImages(4), 'At least 4 images are required'],
    ['URL code 1 (spec 000 §5)', M.urlEmpty, 'Please enter an URL!'],
    ['URL code 2 (spec 000 §5)', M.urlScheme, 'Please begin external links with "http://" or "https://"!'],
    ['URL code 3 (spec 000 §5)', M.urlInvalid, 'Please enter a valid URL!'],
    [
      'CSV field mismatch (spec 002 §5)',
      M.csvFieldMismatch,
      "Field mismatch. There's either a column missing or too much in some row. Please fix the csv file and try again.",
    ],
    ['CSV row error (spec 002 §5)', M.csvRow(3, 'Quoted field unterminated'), 'Row 3: Quoted field unterminated'],
    [
      'publish dates outside embargo (spec 002 §5)',
      M.publishDatesOutsideEmbargo,
      'The given dates are invalid, publish and unpublish date should be set between the embargo dates',
    ],
    ['unpublish date required (spec 002 §5)', M.unpublishDateRequired, 'This type of asset requires an unpublish date.'],
    ['embargo dates invalid (spec 002 §5)', M.embargoDatesInvalid, 'EMBARGO DATES ARE INVALID'],
    ['anchor needs a label (spec 002 §5)', M.anchorNeedsButtonLabel, 'The Button label needs to be set to select an Anchor.'],
    ['characters left (spec 002 §5)', M.charactersLeft(12), '12 left'],
    ['characters to remove (spec 002 §5)', M.charactersToRemove(4), 'remove 4'],
    [
      'image too large (spec 002 §5)',
      M.imageTooLarge,
      'The image exceeds the maximum allowed size of 100MB. Please resize it to 100MB or less and try again.',
    ],
    ['images too large (spec 002 §5)', M.imagesTooLarge, 'One or all of the images exceed the maximum allowed size of 100MB.'],
    ['embed id (spec 002 §5)', M.embedIdInvalid, 'Embed ID invalid'],
    ['LCM id (spec 002 §5)', M.lcmIdInvalid, 'LCM ID invalid'],
    ['Tickaroo id (spec 002 §5)', M.tickarooIdInvalid, 'The id is invalid'],
    ['WRC/ERC id (spec 002 §5)', M.resultsIdNotNumber, 'ID must be a number'],
  ])('quotes the %s message exactly', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ['images', 3, 'At least 3 images are required'],
    ['facts', 3, 'At least 3 items are required'],
    ['gallery-images', 1, 'At least 1 items are required'],
  ])('speaks of images only for the images property: %s (spec 002 §5)', (name, count, expected) => {
    expect(minItemsMessage(name, count)).toBe(expected);
  });
});
