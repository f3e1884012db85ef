import { describe, expect, it } from 'vitest';
import { formatMediaDuration, isMediaProviderInput, mediaContentTypeOf, providerForInput, renditionsCallout, RENDITIONS_MESSAGES } from './mediaInput.ts';

describe('isMediaProviderInput', () => {
  it.each([
    [{ type: 'service', constraints: { providers: ['rbmn-video', 'media-partnerships-video'] } }, true],
    [{ type: 'service', constraints: { providers: ['rbmn-audio'] } }, true],
    [{ type: 'service', constraints: { providers: ['rbmn-audio', 'soundcloud'] } }, false],
    [{ type: 'service', constraints: { providers: [] } }, false],
    [{ type: 'service' }, false],
    [{ type: 'image', constraints: { providers: ['rbmn-video'] } }, false],
  ])('%j → %s', (input, expected) => {
    expect(isMediaProviderInput(input)).toBe(expected);
  });
});

describe('mediaContentTypeOf', () => {
  it.each([
    [['rbmn-audio'], 'audio'],
    [['rbmn-video'], 'video'],
    [['rbmn-video', 'media-partnerships-video'], 'video'],
    [['rbmn-audio', 'rbmn-video'], 'video'],
  ])('%j → %s', (providers, expected) => {
    expect(mediaContentTypeOf(providers)).toBe(expected);
  });
});

describe('providerForInput', () => {
  it.each([
    ['rbmn-video', ['rbmn-video', 'media-partnerships-video'], 'rbmn-video'],
    ['media-partnerships-video', ['rbmn-video', 'media-partnerships-video'], 'media-partnerships-video'],
    ['media-partnerships-video', ['rbmn-video'], 'rbmn-video'],
    ['rbmn-video', ['media-partnerships-video'], 'media-partnerships-video'],
    ['rbmn-audio', ['rbmn-audio'], 'rbmn-audio'],
  ])('%s in %j → %s', (itemProvider, providers, expected) => {
    expect(providerForInput({ itemProvider, providers })).toBe(expected);
  });
});

describe('renditionsCallout', () => {
  it.each([
    ['rbmn-video', true, { kind: 'info', text: RENDITIONS_MESSAGES.available }],
    ['rbmn-video', false, { kind: 'warning', text: RENDITIONS_MESSAGES.missing }],
    ['cartoon-video', false, null],
    ['rally-tv', false, null],
    ['servustv', false, null],
    ['servustv', true, { kind: 'info', text: RENDITIONS_MESSAGES.available }],
  ])('%s with renditions %s', (provider, renditionsAvailable, expected) => {
    expect(renditionsCallout({ provider, renditionsAvailable })).toEqual(expected);
  });
});

describe('formatMediaDuration', () => {
  it.each([
    [0, '0:00'],
    [95, '1:35'],
    [59.6, '1:00'],
    [3725, '1:02:05'],
  ])('%s s → %s', (seconds, expected) => {
    expect(formatMediaDuration(seconds)).toBe(expected);
  });
});
