import { describe, expect, it } from 'vitest';
import { ApiError } from './client.ts';
import { fieldMessagesOf } from './fieldMessages.ts';

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
