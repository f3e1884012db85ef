import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleResponseSchema, scheduleResponseSchema, type LifecycleResponse } from '@editor/domain';
import { CURATOR, DIALECTS, EDITOR, HUB, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { HttpError } from '../../http/errors.ts';
import { insertTransition } from './repository.ts';
import { cancelScheduled, recordExecuted, schedule } from './service.ts';

describe.each(DIALECTS)('lifecycle (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
  const createStory = async () => {
    const response = await call(EDITOR, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: { title: { value: 'Ice climbing in Rjukan' } } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const lifecycle = async (id: string, locale = 'en', user: TestUser = EDITOR): Promise<LifecycleResponse> => {
    const response = await call(user, 'GET', `/api/crepo/lifecycles/${id}?localization=${locale}`);
    expect(response.statusCode, response.body).toBe(200);
    return lifecycleResponseSchema.strict().parse(response.json());
  };
  const transitionsOf = async (id: string) => (await lifecycle(id)).attributes.scheduledTransitions;

  it('answers a version without transitions with its status and an empty list', async () => {
    const id = await createStory();
    expect(await lifecycle(id)).toEqual({
      id,
      localization: 'en',
      attributes: { status: 'draft', scheduledTransitions: [] },
      _links: { self: { href: `/api/crepo/lifecycles/${id}?localization=en`, methods: ['GET'] } },
    });
  });

  it('lists executed, failed and scheduled transitions by when they ran or are due', async () => {
    const id = await createStory();
    const key = { assetId: id, locale: 'en' };
    await schedule(t.database.db, { ...key, to: 'UNPUBLISHED', dueAt: '2027-03-01T08:00:00Z', user: 'Mia Manager', userId: null });
    await recordExecuted(t.database.db, { ...key, to: 'PUBLISHED', user: 'Emma Editor', at: '2026-01-05T09:30:00.000Z' });
    await recordExecuted(t.database.db, { ...key, to: 'UNPUBLISHED', user: 'Mia Manager', at: '2026-02-01T12:00:00.000Z', message: 'Taken down for a correction.' });
    await schedule(t.database.db, { ...key, to: 'PUBLISHED', dueAt: '2027-02-14T07:00:00.000+01:00', user: 'Emma Editor', userId: null });
    await insertTransition(t.database.db, {
      id: '7b0e7c1e-0000-4000-8000-000000000001',
      asset_id: id,
      locale: 'en',
      transition_to: 'PUBLISHED',
      status: 'ERROR',
      due_at: '2026-02-10T06:00:00.000Z',
      executed_at: '2026-02-10T06:00:02.000Z',
      message: 'The asset has validation errors.',
      user_name: 'Scheduler',
      user_id: null,
      created_at: '2026-02-09T18:00:00.000Z',
    });
    expect(await transitionsOf(id)).toEqual([
      { transitionTo: 'PUBLISHED', transitionStatus: 'EXECUTED', executionTimestamp: '2026-01-05T09:30:00.000Z', transitionMessage: null, user: 'Emma Editor' },
      { transitionTo: 'UNPUBLISHED', transitionStatus: 'EXECUTED', executionTimestamp: '2026-02-01T12:00:00.000Z', transitionMessage: 'Taken down for a correction.', user: 'Mia Manager' },
      { transitionTo: 'PUBLISHED', transitionStatus: 'ERROR', executionTimestamp: '2026-02-10T06:00:02.000Z', transitionMessage: 'The asset has validation errors.', user: 'Scheduler' },
      { transitionTo: 'PUBLISHED', transitionStatus: 'SCHEDULED', executionTimestamp: '2027-02-14T06:00:00.000Z', transitionMessage: null, user: 'Emma Editor' },
      { transitionTo: 'UNPUBLISHED', transitionStatus: 'SCHEDULED', executionTimestamp: '2027-03-01T08:00:00.000Z', transitionMessage: null, user: 'Mia Manager' },
    ]);
    // Another locale of the same asset has a lifecycle of its own.
    expect((await call(EDITOR, 'POST', `/api/v1/assets/${id}/localizations/de`, { reference: 'en' })).statusCode).toBe(201);
    expect((await lifecycle(id, 'de')).attributes.scheduledTransitions).toEqual([]);
  });

  it('keeps one scheduled transition per direction: a new schedule replaces the one before', async () => {
    const id = await createStory();
    const key = { assetId: id, locale: 'en' };
    await schedule(t.database.db, { ...key, to: 'PUBLISHED', dueAt: '2027-01-01T10:00:00.000Z', user: 'Emma Editor', userId: null });
    await schedule(t.database.db, { ...key, to: 'UNPUBLISHED', dueAt: '2027-06-01T10:00:00.000Z', user: 'Emma Editor', userId: null });
    await schedule(t.database.db, { ...key, to: 'PUBLISHED', dueAt: '2027-01-08T10:00:00.000Z', user: 'Mia Manager', userId: null });
    expect((await transitionsOf(id)).map((entry) => [entry.transitionTo, entry.executionTimestamp, entry.user])).toEqual([
      ['PUBLISHED', '2027-01-08T10:00:00.000Z', 'Mia Manager'],
      ['UNPUBLISHED', '2027-06-01T10:00:00.000Z', 'Emma Editor'],
    ]);
  });

  it('cancels scheduled transitions of one direction or both, and keeps the executed ones', async () => {
    const id = await createStory();
    const key = { assetId: id, locale: 'en' };
    await recordExecuted(t.database.db, { ...key, to: 'PUBLISHED', user: 'Emma Editor', at: '2026-01-05T09:30:00.000Z' });
    await schedule(t.database.db, { ...key, to: 'PUBLISHED', dueAt: '2027-01-01T10:00:00.000Z', user: 'Emma Editor', userId: null });
    await schedule(t.database.db, { ...key, to: 'UNPUBLISHED', dueAt: '2027-06-01T10:00:00.000Z', user: 'Emma Editor', userId: null });
    expect(await cancelScheduled(t.database.db, { ...key, to: 'UNPUBLISHED' })).toBe(1);
    expect((await transitionsOf(id)).map((entry) => `${entry.transitionStatus} ${entry.transitionTo}`)).toEqual(['EXECUTED PUBLISHED', 'SCHEDULED PUBLISHED']);
    await schedule(t.database.db, { ...key, to: 'UNPUBLISHED', dueAt: '2027-06-01T10:00:00.000Z', user: 'Emma Editor', userId: null });
    expect(await cancelScheduled(t.database.db, key)).toBe(2);
    expect(await cancelScheduled(t.database.db, key)).toBe(0);
    expect((await transitionsOf(id)).map((entry) => `${entry.transitionStatus} ${entry.transitionTo}`)).toEqual(['EXECUTED PUBLISHED']);
  });

  it('writes inside the caller transaction: a rolled-back publish leaves no transition', async () => {
    const id = await createStory();
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await recordExecuted(trx, { assetId: id, locale: 'en', to: 'PUBLISHED', user: 'Emma Editor', at: '2026-01-05T09:30:00.000Z' });
        await schedule(trx, { assetId: id, locale: 'en', to: 'UNPUBLISHED', dueAt: '2027-01-05T09:30:00.000Z', user: 'Emma Editor', userId: null });
        throw new Error('publishing failed');
      }),
    ).rejects.toThrow('publishing failed');
    expect(await transitionsOf(id)).toEqual([]);
  });

  it('refuses a date that is not one, and a version that does not exist', async () => {
    const id = await createStory();
    await expect(schedule(t.database.db, { assetId: id, locale: 'en', to: 'PUBLISHED', dueAt: 'next tuesday', user: 'Emma Editor', userId: null })).rejects.toBeInstanceOf(HttpError);
    await expect(recordExecuted(t.database.db, { assetId: id, locale: 'ja', to: 'PUBLISHED', user: 'Emma Editor', at: '2026-01-05T09:30:00.000Z' })).rejects.toThrow(/foreign key/i);
  });

  it('goes with its version when the version is deleted', async () => {
    const id = await createStory();
    await schedule(t.database.db, { assetId: id, locale: 'en', to: 'PUBLISHED', dueAt: '2027-01-01T10:00:00.000Z', user: 'Emma Editor', userId: null });
    expect((await call(EDITOR, 'DELETE', `/api/v1/assets/${id}/localizations/en`)).statusCode).toBe(200);
    const left = await t.database.db.selectFrom('transition').select('id').where('asset_id', '=', id).execute();
    expect(left).toEqual([]);
  });

  it('is readable by whoever may read the version, and 404 for anyone else or any unknown version', async () => {
    const id = await createStory();
    expect((await lifecycle(id, 'en', CURATOR)).id).toBe(id);
    const hidden = await call(HUB, 'GET', `/api/crepo/lifecycles/${id}?localization=en`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ status: 404, code: 'not-found' });
    expect((await call(EDITOR, 'GET', `/api/crepo/lifecycles/${id}?localization=de`)).statusCode).toBe(404);
    expect((await call(EDITOR, 'GET', '/api/crepo/lifecycles/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d?localization=en')).statusCode).toBe(404);
    expect((await call(EDITOR, 'GET', `/api/crepo/lifecycles/${id}`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/crepo/lifecycles/${id}?localization=en` })).statusCode).toBe(401);
  });

  it("lists scheduled transitions for the Schedule panel: soonest first, within the user's spaces and the asked locales (spec 001 §4)", async () => {
    const later = await createStory();
    const sooner = await createStory();
    await schedule(t.database.db, { assetId: later, locale: 'en', to: 'UNPUBLISHED', dueAt: '2099-02-01T10:00:00.000Z', user: 'Emma Editor', userId: null });
    await schedule(t.database.db, { assetId: sooner, locale: 'en', to: 'PUBLISHED', dueAt: '2099-01-01T10:00:00.000Z', user: 'Emma Editor', userId: null });
    await recordExecuted(t.database.db, { assetId: sooner, locale: 'en', to: 'PUBLISHED', user: 'Emma Editor', at: '2026-01-01T00:00:00.000Z' });
    const panel = async (user: TestUser, body: object) => {
      const response = await call(user, 'POST', '/api/v1/panels/schedules', body);
      expect(response.statusCode, response.body).toBe(200);
      return scheduleResponseSchema.strict().parse(response.json()).scheduledAssets.filter((entry) => [later, sooner].includes(entry.assetLocalization.id));
    };
    expect(await panel(EDITOR, { locales: ['en'], limit: 100 })).toEqual([
      { assetLocalization: { id: sooner, localization: 'en', title: 'Ice climbing in Rjukan', stencil: 'story', status: 'draft' }, transitionTo: 'published', unixTimestamp: Date.parse('2099-01-01T10:00:00.000Z') / 1000 },
      { assetLocalization: { id: later, localization: 'en', title: 'Ice climbing in Rjukan', stencil: 'story', status: 'draft' }, transitionTo: 'unpublished', unixTimestamp: Date.parse('2099-02-01T10:00:00.000Z') / 1000 },
    ]);
    expect(await panel(EDITOR, { locales: ['de'] })).toEqual([]);
    // The hub user's spaces do not include rbcom.
    expect(await panel(HUB, {})).toEqual([]);
    expect((await call(EDITOR, 'POST', '/api/v1/panels/schedules', { limit: 0 })).statusCode).toBe(400);
  });
});
