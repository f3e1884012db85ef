import { describe, expect, it } from 'vitest';
import type { PublishCheckItem, PublishCheckResponse } from '@editor/domain';
import { blockingVersions, canPublishAfter, publishHeader, requiresUnpublishDate } from './publishCheck.ts';

const item = (id: string, overrides: Partial<PublishCheckItem> = {}): PublishCheckItem => ({
  id,
  localization: 'en',
  stencil: 'story',
  title: `Title ${id}`,
  status: 'draft',
  errorMessages: [],
  ...overrides,
});

const check = (overrides: Partial<PublishCheckResponse> = {}): PublishCheckResponse => ({
  readyToPublish: true,
  alreadyScheduledRelations: [],
  unpublishScheduledRelations: [],
  embargoRestrictedRelations: [],
  errorItems: [],
  items: [item('a1')],
  ...overrides,
});

describe('publishHeader (spec 002 §4)', () => {
  const broken = item('r1', { errorMessages: [{ path: 'title', message: 'This field is required.' }] });
  it.each([
    { name: 'while the check runs', value: undefined, header: 'Publish' },
    { name: 'the asset alone', value: check(), header: 'Publish' },
    { name: 'with two relations', value: check({ items: [item('a1'), item('r1'), item('r2')] }), header: 'The publishing process will publish 3 asset(s)' },
    {
      name: 'errors and embargo limits, each version once',
      value: check({ readyToPublish: false, errorItems: [broken], embargoRestrictedRelations: [{ id: 'r1', localization: 'en' }, { id: 'r2', localization: 'en' }] }),
      header: 'The asset cannot be published because of 2 relation(s) with warnings',
    },
  ])('$name', ({ value, header }) => {
    expect(publishHeader(value)).toBe(header);
  });
});

describe('blockingVersions', () => {
  it('lists error items with their messages, then embargo-limited relations by their item title or id', () => {
    const broken = item('r1', { localization: 'de', errorMessages: [{ path: 'title', message: 'This field is required.' }] });
    const result = blockingVersions(
      check({
        items: [item('a1'), broken, item('r2', { title: 'Teaser' })],
        errorItems: [broken],
        embargoRestrictedRelations: [{ id: 'r2', localization: 'en' }, { id: 'r9', localization: 'fr' }, { id: 'r1', localization: 'de' }],
      }),
    );
    expect(result).toEqual([
      { id: 'r1', localization: 'de', title: 'Title r1', messages: ['This field is required.'], isEmbargoRestricted: true },
      { id: 'r2', localization: 'en', title: 'Teaser', messages: [], isEmbargoRestricted: true },
      { id: 'r9', localization: 'fr', title: 'r9', messages: [], isEmbargoRestricted: true },
    ]);
  });

  it('lets the publish go on only when ready and nothing blocks', () => {
    expect(canPublishAfter(check())).toBe(true);
    expect(canPublishAfter(check({ readyToPublish: false }))).toBe(false);
    expect(canPublishAfter(check({ embargoRestrictedRelations: [{ id: 'r1', localization: 'en' }] }))).toBe(false);
  });
});

describe('requiresUnpublishDate (spec 002 §5)', () => {
  it.each([
    ['onsite-promotion', true],
    ['external-content-resource', true],
    ['story', false],
  ])('%s: %s', (stencil, required) => {
    expect(requiresUnpublishDate(stencil)).toBe(required);
  });
});
