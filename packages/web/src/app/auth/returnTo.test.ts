import { describe, expect, it } from 'vitest';
import { returnToOf } from './returnTo.ts';

describe('where sign-in continues', () => {
  it.each([
    { state: { returnTo: '/favorites?q=cats#top' }, expected: '/favorites?q=cats#top' },
    { state: { returnTo: '/assets/a1/localizations/en/edit' }, expected: '/assets/a1/localizations/en/edit' },
    { state: { returnTo: 'https://elsewhere.example.com/' }, expected: '/' },
    { state: { returnTo: '//elsewhere.example.com/' }, expected: '/' },
    { state: { returnTo: '/\\elsewhere.example.com/' }, expected: '/' },
    { state: { returnTo: '/login' }, expected: '/' },
    { state: { returnTo: '/callback?code=x' }, expected: '/' },
    { state: { returnTo: 42 }, expected: '/' },
    { state: undefined, expected: '/' },
  ])('continues at $expected for $state', ({ state, expected }) => {
    expect(returnToOf(state)).toBe(expected);
  });
});
