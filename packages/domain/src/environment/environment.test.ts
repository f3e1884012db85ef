import { describe, expect, it } from 'vitest';
import { environmentBadge, environmentFromHost } from './environment.ts';

describe('environment (spec 000 §9, 001 §2.1)', () => {
  it.each([
    ['localhost:8080', 'design'],
    ['127.0.0.1', 'design'],
    ['editor.design.example.com', 'design'],
    ['editor-staging.example.com', 'staging'],
    ['preview.editor.example.com', 'preview'],
    ['editor.example.com', 'production'],
  ])('%s is %s', (host, expected) => expect(environmentFromHost(host)).toBe(expected));

  it('shows a badge only for design and staging', () => {
    expect(environmentBadge('design')).toBe('development');
    expect(environmentBadge('staging')).toBe('staging');
    expect(environmentBadge('preview')).toBeUndefined();
    expect(environmentBadge('production')).toBeUndefined();
  });
});
