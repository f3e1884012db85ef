import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_PROFILE_POLL_PATH } from '@editor/domain';
import { createApiClient } from '../../api/client.ts';
import { installFakeApi, type FakeResponse } from '../../test/fakeApi.ts';
import { createEventProfile, type CreationPhase } from './createEventProfile.ts';

const ID = '8f62a697-57ed-4de4-90f4-fd30ab99e0ce';
const CREATE = 'POST /api/v1/assets/-/localizations/de';
const POLL = `GET ${EVENT_PROFILE_POLL_PATH}/${ID}-de`;
const CLAIM = 'PATCH /api/crepo/urislug-registry/uriSlugs/rbcom:de-INT:cliff-diving-mostar/relationships/claimingResource';
const SET_URL = `PATCH /api/v1/assets/${ID}/localizations/de`;
const created: FakeResponse = { status: 201, body: { id: ID, localization: 'de' } };
const missing: FakeResponse = { status: 404, body: { status: 404, messages: ['No event profile.'] } };
const claimed: FakeResponse = { status: 200, body: { conflictAssetId: null, localization: null, message: null, isClaimPending: false } };

const api = () => createApiClient({ getCredentials: async () => ({ idToken: 'token', roleOverride: null }), validateResponses: true });
const profile = { space: 'rbcom', localization: 'de', values: { title: 'Cliff Diving Mostar' }, uriTitle: 'cliff-diving-mostar' };
const keys = (requests: ReadonlyArray<{ method: string; path: string }>) => requests.map((request) => `${request.method} ${request.path}`);

describe('createEventProfile (spec 001 §4, §7, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('creates, polls every 500 ms until readable, waits 1000 ms, then claims the slug and sets the URI title', async () => {
    let polls = 0;
    const fake = installFakeApi({ [CREATE]: created, [POLL]: () => (++polls < 3 ? missing : { status: 200, body: { id: ID, localization: 'de' } }), [CLAIM]: claimed, [SET_URL]: { status: 200, body: { id: ID, localization: 'de' } } });
    const phases: CreationPhase[] = [];
    const outcome = createEventProfile(api(), profile, (phase) => phases.push(phase));

    await vi.advanceTimersByTimeAsync(0);
    expect(polls).toBe(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(polls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(polls).toBe(3);
    await vi.advanceTimersByTimeAsync(999);
    expect(keys(fake.requests)).not.toContain(CLAIM);
    await vi.advanceTimersByTimeAsync(1);

    await expect(outcome).resolves.toEqual({ kind: 'created', id: ID, localization: 'de', isUrlApplied: true });
    expect(keys(fake.requests)).toEqual([CREATE, POLL, POLL, POLL, CLAIM, SET_URL]);
    expect(fake.requests[0]?.query.get('container.stencil')).toBe('event-profile');
    expect(fake.requests[0]?.body).toEqual({ content: { title: { value: 'Cliff Diving Mostar' } } });
    expect(fake.requests[1]?.query.has('includeDraft')).toBe(true);
    expect(fake.requests[4]?.body).toEqual({ data: { id: `${ID}-de`, spaces: ['rbcom'], type: 'event-profile' } });
    expect(fake.requests[5]?.body).toEqual({ content: { 'uri-title': { value: 'cliff-diving-mostar' } } });
    expect(phases).toEqual(['creating', 'claiming']);
  });

  it('fails after 10 unreadable polls, without claiming', async () => {
    const fake = installFakeApi({ [CREATE]: created, [POLL]: missing });
    const outcome = createEventProfile(api(), profile);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(outcome).resolves.toEqual({ kind: 'failed' });
    expect(keys(fake.requests).filter((key) => key === POLL)).toHaveLength(10);
    expect(keys(fake.requests)).not.toContain(CLAIM);
  });

  it('fails when the asset cannot be created', async () => {
    const fake = installFakeApi({ [CREATE]: { status: 500, body: { status: 500, messages: ['The server failed.'] } } });
    await expect(createEventProfile(api(), profile)).resolves.toEqual({ kind: 'failed' });
    expect(keys(fake.requests)).toEqual([CREATE]);
  });

  it('keeps the profile without its URL when the claim is refused', async () => {
    const fake = installFakeApi({ [CREATE]: created, [POLL]: { status: 200, body: { id: ID, localization: 'de' } }, [CLAIM]: { status: 409, body: { status: 409, messages: ['A claim is pending.'] } } });
    const outcome = createEventProfile(api(), profile);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(outcome).resolves.toEqual({ kind: 'created', id: ID, localization: 'de', isUrlApplied: false });
    expect(keys(fake.requests)).not.toContain(SET_URL);
  });

  it('claims nothing without a chosen slug', async () => {
    const fake = installFakeApi({ [CREATE]: created, [POLL]: { status: 200, body: { id: ID, localization: 'de' } } });
    await expect(createEventProfile(api(), { ...profile, uriTitle: '' })).resolves.toEqual({ kind: 'created', id: ID, localization: 'de', isUrlApplied: true });
    expect(keys(fake.requests)).toEqual([CREATE, POLL]);
  });
});
