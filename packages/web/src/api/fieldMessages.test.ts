import { describe, expect, it } from 'vitest';
import { ApiError } from './client.ts';
import { fieldIssuesOf, fieldMessagesOf } from './fieldMessages.ts';

const refused = (...messages: string[]) => new ApiError({ status: 400, messages, body: { status: 400, messages } });

describe('the messages of a refused write, by form field', () => {
  it('puts a message under the field it names, without the name', () => {
    const sorted = fieldMessagesOf(refused('url: 10.0.0.5 is not a public address.', 'name: must not be empty'), ['url', 'name']);
    expect(sorted).toEqual({ fields: { url: '10.0.0.5 is not a public address.', name: 'must not be empty' }, general: [] });
  });

  it('takes the field of a nested path and keeps only its first message', () => {
    const sorted = fieldMessagesOf(refused('spaces.0: Too short', 'spaces: "mars" is not a space of this installation.'), ['spaces']);
    expect(sorted).toEqual({ fields: { spaces: 'Too short' }, general: [] });
  });

  it('keeps messages about other fields or none as general ones', () => {
    const sorted = fieldMessagesOf(refused('A revoked delivery key cannot be changed.', 'requestsPerSecond: Too big'), ['name']);
    expect(sorted).toEqual({ fields: {}, general: ['A revoked delivery key cannot be changed.', 'requestsPerSecond: Too big'] });
  });

  it('gives a failure without an error body as one general message', () => {
    expect(fieldMessagesOf(new Error('Failed to fetch'), ['name'])).toEqual({ fields: {}, general: ['Failed to fetch'] });
  });
});

const whenEmpty = (issue: { code: string; message: string }, field: string) => (issue.code === 'too_small' ? `Choose at least one of ${field}.` : issue.message);

describe('a schema’s problems, by form field', () => {
  const issues = [
    { path: ['spaces'], code: 'too_small', message: 'Too small: expected array to have >=1 items' },
    { path: ['spaces', 0], code: 'custom', message: 'Not a space' },
    { path: ['requestsPerSecond'], code: 'too_big', message: 'Too big' },
    { path: [], code: 'custom', message: 'Something is wrong' },
  ];

  it('keeps the first problem of each form field and leaves out the others', () => {
    expect(fieldIssuesOf({ issues, fields: ['name', 'spaces'] })).toEqual({ spaces: 'Too small: expected array to have >=1 items' });
  });

  it('words a problem as the form asks', () => {
    expect(fieldIssuesOf({ issues, fields: ['spaces'], messageOf: whenEmpty })).toEqual({ spaces: 'Choose at least one of spaces.' });
  });
});
