import { isRecord } from '../isRecord.ts';
import { childInputs, isExternalUrlInput, type InputDefinition } from '../asset/inputs.ts';
import { checkExternalUrl } from './externalUrl.ts';
import { isEmpty } from './isEmpty.ts';
import { storyRuleErrors } from './storyRules.ts';
import { VALIDATION_MESSAGES, minItemsMessage } from './messages.ts';
import { checkRichTextLinks } from './richTextLinks.ts';
import { validateResultsTable, validateSimpleTable } from './validateTables.ts';
import { plainText, textLength } from './textLength.ts';
import type { ValidationError } from './validationError.ts';

/** Spec 002 §5 "Authorship: required; each entry validated on its own." */
export const AUTHORSHIP_INPUT = 'authorship';
/** Spec 000 §5: the block that needs both author and link, or neither. */
export const TIP_CONTENT_INPUT = 'tip-content';
/** Spec 000 §9: how many text blocks these inputs hold at most, unless their maxLength says otherwise. */
export const TEXT_BLOCK_LIMITS: Readonly<Record<string, number>> = {
  'fact-content-text': 3,
  'interview-answer-text': 2,
  'tip-content-text': 2,
};

/** Children of a tip-content block, by name: `…author` (or `…author-name`) and `…link` (or `…author-link`). */
const TIP_AUTHOR = /(^|-)author(-name)?$/;
const TIP_LINK = /(^|-)link$/;

const patterns = new Map<string, RegExp | undefined>();

/** Drops a leading '^' and a trailing unescaped '$': the pattern is wrapped in anchors of its own below. */
function withoutOuterAnchors(pattern: string): string {
  let body = pattern.startsWith('^') ? pattern.slice(1) : pattern;
  const trailingBackslashes = /(\\*)\$$/.exec(body)?.[1]?.length;
  if (trailingBackslashes !== undefined && trailingBackslashes % 2 === 0) body = body.slice(0, -1);
  return body;
}

function wholeValuePattern(pattern: string): RegExp | undefined {
  if (!patterns.has(pattern)) {
    try {
      patterns.set(pattern, new RegExp(`^(?:${withoutOuterAnchors(pattern)})$`));
    } catch {
      patterns.set(pattern, undefined);
    }
  }
  return patterns.get(pattern);
}

/**
 * Spec 000 §5 pattern: whether the whole value matches. The pattern is anchored here (a pattern that anchors
 * itself is not anchored twice); a pattern that is not a valid expression matches nothing.
 */
export function matchesPattern(value: string, pattern: string): boolean {
  return wholeValuePattern(pattern)?.test(value) ?? false;
}


/** A property of a value object; inherited ones (`constructor`, …) are not values. */
function own(record: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Spec 000 §5 required; authorship is required whatever its constraints say (spec 002 §5). */
function isRequired(input: InputDefinition): boolean {
  return input.constraints?.required === true || input.name === AUTHORSHIP_INPUT;
}

function requiredAt(path: string): ValidationError {
  return { path, message: VALIDATION_MESSAGES.required };
}

/**
 * Whether one value (an item, for a multiple input) holds nothing: empty in the sense of spec 000 §5, rich text
 * without text, a container whose children all hold nothing, a one-of container without a choice, a table
 * without rows.
 */
function isBlank(input: InputDefinition, value: unknown): boolean {
  if (isEmpty(value)) return true;
  switch (input.type) {
    case 'rich-text':
      return typeof value === 'string' && plainText(value).trim() === '';
    case 'container':
      return isRecord(value) && childInputs(input).every((child) => isBlankField(child, own(value, child.name)));
    case 'ordered-container':
      return Array.isArray(value) && childInputs(input).every((child, index) => isBlankField(child, value[index]));
    case 'one-of-container':
      return isRecord(value) && isEmpty(value.type);
    case 'table':
    case 'results-table':
      return isRecord(value) && Array.isArray(value.rows) && value.rows.length === 0;
    default:
      return false;
  }
}

/** Whether a field's value holds nothing; for a multiple input, whether none of its items holds something. */
/** Whether an input's value holds nothing (spec 000 §5 empty, rich text without text, empty containers...). */
export function isBlankField(input: InputDefinition, value: unknown): boolean {
  if (input.multiple && Array.isArray(value)) return value.every((item) => isBlank(input, item));
  return isBlank(input, value);
}

interface Child {
  input: InputDefinition;
  value: unknown;
  path: string;
}

/** Spec 000 §5: a tip-content block needs both author and link, or neither; the missing one is required. */
function tipContentErrors(children: readonly Child[]): ValidationError[] {
  const author = children.find((child) => TIP_AUTHOR.test(child.input.name));
  const link = children.find((child) => TIP_LINK.test(child.input.name));
  if (!author || !link) return [];
  const isAuthorBlank = isBlankField(author.input, author.value);
  if (isAuthorBlank === isBlankField(link.input, link.value)) return [];
  const missing = isAuthorBlank ? author : link;
  // A required child already reports itself.
  return isRequired(missing.input) ? [] : [requiredAt(missing.path)];
}

function validateChildren(input: InputDefinition, children: readonly Child[]): ValidationError[] {
  const errors = children.flatMap((child) => validateInput(child.input, child.value, child.path));
  if (input.name === TIP_CONTENT_INPUT) errors.push(...tipContentErrors(children));
  return errors;
}

function validateText(input: InputDefinition, value: string, path: string): ValidationError[] {
  const { minLength, maxLength, pattern, options } = input.constraints ?? {};
  const text = input.type === 'rich-text' ? plainText(value) : value;
  const errors: ValidationError[] = [];
  // On a multiple input minLength and maxLength count items, not characters.
  if (!input.multiple) {
    const length = input.type === 'rich-text' ? textLength(value) : value.length;
    if ((minLength !== undefined && length < minLength) || (maxLength !== undefined && length > maxLength)) {
      errors.push({ path, message: VALIDATION_MESSAGES.characterCount });
    }
  }
  // Spec 000 §5 external URL check. On a URL input its message says what is wrong with the address, and the
  // pattern's (which asks for http or https) would only repeat it.
  const urlFailure = isExternalUrlInput(input) ? checkExternalUrl(value) : input.type === 'rich-text' ? checkRichTextLinks(value) : undefined;
  if (urlFailure) errors.push({ path, message: urlFailure.message });
  const isPatternShadowed = urlFailure !== undefined && input.type === 'text';
  if (pattern !== undefined && !isPatternShadowed && !matchesPattern(text, pattern)) errors.push({ path, message: VALIDATION_MESSAGES.pattern });
  if (options && !options.some((option) => option.value === value)) errors.push({ path, message: VALIDATION_MESSAGES.option });
  return errors;
}

function validateNumber(input: InputDefinition, value: number, path: string): ValidationError[] {
  const { min, max } = input.constraints ?? {};
  const errors: ValidationError[] = [];
  if (max !== undefined && value > max) errors.push({ path, message: VALIDATION_MESSAGES.max(max) });
  if (min !== undefined && value < min) errors.push({ path, message: VALIDATION_MESSAGES.min(min) });
  return errors;
}

function isOutside(allowed: readonly string[] | undefined, value: unknown): boolean {
  return allowed !== undefined && typeof value === 'string' && !allowed.includes(value);
}

/** The rules of one value that holds something; values of the wrong shape are left to `checkValueShape`. */
function validateFilled(input: InputDefinition, value: unknown, path: string): ValidationError[] {
  const constraints = input.constraints ?? {};
  switch (input.type) {
    case 'text':
    case 'rich-text':
    case 'select':
      return typeof value === 'string' ? validateText(input, value, path) : [];
    case 'number':
      return typeof value === 'number' ? validateNumber(input, value, path) : [];
    case 'asset':
    case 'child-ref':
      return isRecord(value) && isOutside(constraints.stencils, value.stencil)
        ? [{ path, message: VALIDATION_MESSAGES.stencil }]
        : [];
    case 'service':
    case 'image':
    case 'mime:image':
      return isRecord(value) && isOutside(constraints.providers, value.provider)
        ? [{ path, message: VALIDATION_MESSAGES.provider }]
        : [];
    case 'table':
      return validateSimpleTable(value, path);
    case 'results-table':
      return validateResultsTable(value, path);
    case 'container':
      if (!isRecord(value)) return [];
      return validateChildren(
        input,
        childInputs(input).map((child) => ({ input: child, value: own(value, child.name), path: `${path}.${child.name}` })),
      );
    case 'ordered-container':
      if (!Array.isArray(value)) return [];
      return validateChildren(
        input,
        childInputs(input).map((child, index) => ({ input: child, value: value[index], path: `${path}.${index}` })),
      );
    case 'one-of-container': {
      if (!isRecord(value)) return [];
      const choice = childInputs(input).find((child) => child.name === value.type);
      if (!choice) return [];
      // Spec 000 §5: a one-of container must have a value once a choice is made.
      if (isBlankField(choice, value.value)) return [requiredAt(path)];
      return validateInput(choice, value.value, `${path}.${choice.name}`);
    }
    default:
      return [];
  }
}

/**
 * The errors of a value that holds nothing but is not required: rich text without text may still hold a link, which
 * is stored and published like any other (spec 000 §5 external URL check).
 */
function blankErrors(input: InputDefinition, value: unknown, path: string): ValidationError[] {
  const failure = input.type === 'rich-text' && typeof value === 'string' ? checkRichTextLinks(value) : undefined;
  return failure ? [{ path, message: failure.message }] : [];
}

function validateList(input: InputDefinition, value: unknown, path: string): ValidationError[] {
  if (!Array.isArray(value)) return isEmpty(value) && isRequired(input) ? [requiredAt(path)] : [];
  const filledCount = value.filter((item) => !isBlank(input, item)).length;
  // Spec 002 §5: a required list or container with no items counts as one error.
  if (filledCount === 0) {
    return isRequired(input) ? [requiredAt(path)] : value.flatMap((item: unknown, index) => blankErrors(input, item, `${path}.${index}`));
  }
  const errors: ValidationError[] = [];
  const minLength = input.constraints?.minLength;
  const maxLength = input.constraints?.maxLength ?? TEXT_BLOCK_LIMITS[input.name];
  if (minLength !== undefined && filledCount < minLength) {
    errors.push({ path, message: minItemsMessage(input.name, minLength) });
  }
  if (maxLength !== undefined && filledCount > maxLength) {
    errors.push({ path, message: VALIDATION_MESSAGES.maxItems(maxLength) });
  }
  value.forEach((item: unknown, index) => {
    const itemPath = `${path}.${index}`;
    if (!isBlank(input, item)) errors.push(...validateFilled(input, item, itemPath));
    else if (input.name === AUTHORSHIP_INPUT) errors.push(requiredAt(itemPath));
    else errors.push(...blankErrors(input, item, itemPath));
  });
  return errors;
}

/**
 * Spec 000 §5 and 002 §5, field-level rules: the errors of one input's value, children included, each at its path
 * (`title`, `story-content.3.text`, `quote.0`, `facts.1.fact-title`). An empty value breaks only `required`; the
 * external URL check applies to URL inputs and to every external link in rich text.
 */
export function validateInput(input: InputDefinition, value: unknown, path: string): ValidationError[] {
  if (input.multiple) return validateList(input, value, path);
  if (isBlank(input, value)) return isRequired(input) ? [requiredAt(path)] : blankErrors(input, value, path);
  return validateFilled(input, value, path);
}

/** Spec 000 §5: the errors of an asset's content against its stencil's inputs, with the story rules of spec 002 §4, §5. */
export function validateContent(
  stencil: { inputs: readonly InputDefinition[] },
  content: Readonly<Record<string, unknown>>,
): ValidationError[] {
  return stencil.inputs.flatMap((input) => {
    const value = own(content, input.name);
    return [...validateInput(input, value, input.name), ...storyRuleErrors(input, value, input.name)];
  });
}
