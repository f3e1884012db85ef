import { describe, expect, it } from 'vitest';
import { countErrors, errorsByInput, validationErrorSchema, type ValidationError } from './validationError.ts';

const errors: ValidationError[] = [
  { path: 'title', message: 'a' },
  { path: 'story-content', message: 'b' },
  { path: 'story-content.3', message: 'c' },
  { path: 'story-content.3.text', message: 'd' },
  { path: 'story-content.12.image', message: 'e' },
  { path: 'story-contents', message: 'f' },
];

describe('countErrors (spec 000 §5: a container adds the errors of its children)', () => {
  it.each([
    ['title', 1],
    ['story-content', 4],
    ['story-content.3', 2],
    ['story-content.3.text', 1],
    ['story-content.1', 0],
    ['story-content.12', 1],
    ['story-contents', 1],
    ['teaser', 0],
    ['', 6],
  ])('counts %j: %i', (prefix, expected) => {
    expect(countErrors(errors, prefix)).toBe(expected);
  });
});

describe('errorsByInput', () => {
  it('groups errors by the top-level input of their path', () => {
    expect(errorsByInput(errors)).toEqual({
      title: [{ path: 'title', message: 'a' }],
      'story-content': [
        { path: 'story-content', message: 'b' },
        { path: 'story-content.3', message: 'c' },
        { path: 'story-content.3.text', message: 'd' },
        { path: 'story-content.12.image', message: 'e' },
      ],
      'story-contents': [{ path: 'story-contents', message: 'f' }],
    });
  });

  it('answers an empty object for no errors', () => {
    expect(errorsByInput([])).toEqual({});
  });
});

describe('validationErrorSchema', () => {
  it.each([
    [{ path: 'title', message: 'This field is required.' }, true],
    [{ path: 'title' }, false],
    [{ path: 'title', message: 'x', extra: 1 }, false],
  ])('parses %j: %s', (value, expected) => {
    expect(validationErrorSchema.safeParse(value).success).toBe(expected);
  });
});
