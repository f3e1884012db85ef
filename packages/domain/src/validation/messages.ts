/**
 * Validation messages of spec 000 §5 and 002 §5, quoted exactly. Field rules return these; the web app shows them
 * under the field and the server returns them in publish checks, so both read them from here.
 */
export const VALIDATION_MESSAGES = {
  // Spec 000 §5, field rules.
  required: 'This field is required.',
  max: (max: number) => `The value needs to be ${max} or smaller.`,
  min: (min: number) => `The value needs to be ${min} or bigger.`,
  characterCount: 'The number of characters is not in the allowed range.',
  maxItems: (maxLength: number) => `The value needs to be ${maxLength} or smaller.`,
  pattern: 'Does not match required pattern or contains invalid character.',
  option: 'The selected option is not supported in this field.',
  provider: 'The selected provider is not supported in this field.',
  stencil: 'The selected asset type is not supported in this field.',
  // Spec 002 §5, container minLength.
  minItems: (count: number) => `At least ${count} items are required`,
  minImages: (count: number) => `At least ${count} images are required`,
  // Spec 000 §5, external URL check (codes 1, 2, 3).
  urlEmpty: 'Please enter an URL!',
  urlScheme: 'Please begin external links with "http://" or "https://"!',
  urlInvalid: 'Please enter a valid URL!',
  // Spec 002 §5, tables.
  csvFieldMismatch:
    "Field mismatch. There's either a column missing or too much in some row. Please fix the csv file and try again.",
  csvRow: (row: number, message: string) => `Row ${row}: ${message}`,
  // Spec 002 §5, publish and dates.
  publishDatesOutsideEmbargo:
    'The given dates are invalid, publish and unpublish date should be set between the embargo dates',
  unpublishDateRequired: 'This type of asset requires an unpublish date.',
  embargoDatesInvalid: 'EMBARGO DATES ARE INVALID',
  // Spec 002 §5, anchors.
  anchorNeedsButtonLabel: 'The Button label needs to be set to select an Anchor.',
  anchorParagraphMissing: 'The paragraph of this Anchor is gone. Select an Anchor again.',
  anchorTaken: 'Another call to action jumps to this Anchor already. Select an Anchor again.',
  anchorOnTwoParagraphs: 'Another paragraph carries this Anchor already. Set it on one paragraph only.',
  // Spec 002 §4, quote.
  quoteAuthorExclusive: 'Give an author name or a linked author, not both.',
  // Spec 002 §5, text character counter.
  charactersLeft: (count: number) => `${count} left`,
  charactersToRemove: (count: number) => `remove ${count}`,
  // Spec 002 §5, media.
  imageTooLarge: 'The image exceeds the maximum allowed size of 100MB. Please resize it to 100MB or less and try again.',
  imagesTooLarge: 'One or all of the images exceed the maximum allowed size of 100MB.',
  embedIdInvalid: 'Embed ID invalid',
  lcmIdInvalid: 'LCM ID invalid',
  tickarooIdInvalid: 'The id is invalid',
  resultsIdNotNumber: 'ID must be a number',
} as const;

/** The name of the property whose minLength message speaks of images (spec 002 §5). */
export const IMAGES_PROPERTY = 'images';

/** Spec 002 §5: 'At least N items are required', or '… images …' for the images property. */
export function minItemsMessage(inputName: string, count: number): string {
  return inputName === IMAGES_PROPERTY ? VALIDATION_MESSAGES.minImages(count) : VALIDATION_MESSAGES.minItems(count);
}
