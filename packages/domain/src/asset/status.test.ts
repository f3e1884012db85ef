import { describe, expect, it } from 'vitest';
import { translationBadge, type TransitionSummary } from './lifecycle.ts';
import { cardHealth, cardHealthMessage, displayStatus, issueCountText, statusBadge, unpublishedChangeCount } from './status.ts';

describe('status model (spec 000 §4)', () => {
  it.each([
    [{ status: 'draft' as const }, 'Draft'],
    [{ status: 'published' as const }, 'Published'],
    [{ status: 'unpublished' as const }, 'Unpublished'],
    [{ status: 'draft' as const, isLocal: true }, 'Local draft'],
    [{ status: 'draft' as const, aiTranslationNeedsConfirmation: true }, 'AI Draft'],
  ])('%j shows as %s', (input, expected) => expect(displayStatus(input)).toBe(expected));

  it.each([
    ['Published', { kind: 'success', text: 'Published' }],
    ['Draft', { kind: 'inactive', text: 'Draft' }],
    ['Local draft', { kind: 'inactive', text: 'Draft' }],
    ['AI Draft', { kind: 'inactive', text: 'Draft' }],
    ['Unpublished', { kind: 'warning', text: 'Unpublished' }],
  ] as const)('badge of %s', (status, expected) => expect(statusBadge(status)).toEqual(expected));
});

const t = (transitionTo: TransitionSummary['transitionTo'], transitionStatus: TransitionSummary['transitionStatus'], executionTimestamp: string): TransitionSummary => ({
  transitionTo,
  transitionStatus,
  executionTimestamp,
});

describe('translation badge (spec 000 §4)', () => {
  it('is Scheduled when a transition to published is scheduled', () => {
    expect(translationBadge({ status: 'published', transitions: [t('PUBLISHED', 'EXECUTED', '2026-01-01'), t('PUBLISHED', 'SCHEDULED', '2026-12-01')] })).toBe('Scheduled');
  });
  it('follows the latest executed transition otherwise', () => {
    expect(translationBadge({ status: 'published', transitions: [t('UNPUBLISHED', 'EXECUTED', '2026-01-01'), t('PUBLISHED', 'EXECUTED', '2026-02-01')] })).toBe('Published');
    expect(translationBadge({ status: 'unpublished', transitions: [t('PUBLISHED', 'EXECUTED', '2026-01-01'), t('UNPUBLISHED', 'EXECUTED', '2026-02-01')] })).toBe('Unpublished');
  });
  it('follows the status when no transition was recorded', () => {
    expect(translationBadge({ status: 'published', transitions: [] })).toBe('Published');
    expect(translationBadge({ status: 'unpublished', transitions: [t('PUBLISHED', 'ERROR', '2026-01-01')] })).toBe('Unpublished');
  });
  it('is Draft for a draft or local draft', () => {
    expect(translationBadge({ status: 'draft', transitions: [] })).toBe('Draft');
    expect(translationBadge({ status: 'draft', isLocal: true, transitions: [t('PUBLISHED', 'SCHEDULED', '2026-12-01')] })).toBe('Draft');
  });
});

describe('unpublished changes and card health (spec 000 §4, §8)', () => {
  it('counts changed plus previewed properties only when published', () => {
    expect(unpublishedChangeCount({ status: 'published', changedProperties: ['title', 'teaser'], previewedProperties: ['hero-image'] })).toBe(3);
    expect(unpublishedChangeCount({ status: 'draft', changedProperties: ['title'], previewedProperties: [] })).toBe(0);
    expect(unpublishedChangeCount({ status: 'unpublished', changedProperties: ['title'], previewedProperties: [] })).toBe(0);
  });

  it.each([
    [{ errorCount: 2, isGeoblockedInAssetCountry: true, isUncropped: true, status: 'published' as const }, 'error'],
    [{ errorCount: 0, isGeoblockedInAssetCountry: true, isUncropped: false, status: 'published' as const }, 'warning'],
    [{ errorCount: 0, isGeoblockedInAssetCountry: false, isUncropped: true, status: 'draft' as const }, 'warning'],
    [{ errorCount: 0, isGeoblockedInAssetCountry: false, isUncropped: false, status: 'unpublished' as const }, 'warning'],
    [{ errorCount: 0, isGeoblockedInAssetCountry: false, isUncropped: false, status: 'draft' as const }, 'ok'],
  ])('health of %j is %s', (input, expected) => expect(cardHealth(input)).toBe(expected));

  it('words the card messages exactly', () => {
    expect(cardHealthMessage('error', 'Story')).toBe('This asset is facing an error. Please resolve to publish your Story.');
    expect(cardHealthMessage('warning', 'Story')).toBe('This asset is facing an issue. Please optimize.');
    expect(cardHealthMessage('ok', 'Story')).toBeUndefined();
    expect(issueCountText(1)).toBe('1 issue');
    expect(issueCountText(3)).toBe('3 issues');
  });
});
