import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, assetVersionSchema, lifecycleResponseSchema, publishCheckResponseSchema } from '@editor/domain';
import { CURATOR, DIALECTS, EDITOR, HUB, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { STENCILS_DIR, loadStencils } from '../stencils/loadStencils.ts';
import { createStencilRegistry } from '../stencils/stencilRegistry.ts';
import { createAssetsService } from '../assets/service.ts';
import { createPublishingService } from './service.ts';
import { createScheduler } from './scheduler.ts';
import { queueWebhookEvents } from '../webhooks/outbox.ts';

const VALID_STORY = {
  title: { value: 'Ice climbing in Rjukan' },
  'story-content': { value: [{ type: 'text', value: '<p>Frozen waterfalls all winter.</p>' }] },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
};
const EMBARGO_MANAGER: TestUser = {
  sub: 'embargo',
  name: 'Erik Embargo',
  rights: { roles: ['content-editor', 'embargo-date-manager'], spaces: ['rbcom', 'global'], localizations: ['en', 'de'] },
};
const HOUR = 3_600_000;
const path = (id: string, locale = 'en') => `/api/v1/assets/${id}/localizations/${locale}`;
const embed = (target: string) => ({ type: 'embedded-content', value: { id: target, stencil: 'story' } });

describe.each(DIALECTS)('publishing (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
  const createStory = async (content: object = VALID_STORY) => {
    const response = await call(EDITOR, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const check = async (id: string) => {
    const response = await call(EDITOR, 'GET', `${path(id)}/publish-check`);
    expect(response.statusCode, response.body).toBe(200);
    return publishCheckResponseSchema.strict().parse(response.json());
  };
  const transitions = async (id: string, locale = 'en') => {
    const response = await call(EDITOR, 'GET', `/api/crepo/lifecycles/${id}?localization=${locale}`);
    return lifecycleResponseSchema.parse(response.json()).attributes.scheduledTransitions.map((entry) => `${entry.transitionStatus} ${entry.transitionTo}`);
  };
  const stored = (id: string, locale = 'en') =>
    t.database.db.selectFrom('asset_localization').selectAll().where('asset_id', '=', id).where('locale', '=', locale).executeTakeFirstOrThrow();
  /** A scheduler on the test's database whose clock reads `at`. */
  const schedulerAt = (at: Date) => {
    const stencils = createStencilRegistry(loadStencils(STENCILS_DIR));
    const assets = createAssetsService({ db: t.database.db, dialect: dialect, stencils, localizations: t.config.localizations, spaces: t.config.spaces, enabledFeatures: [], previewExcludedSpaces: [], queueChangeEvents: queueWebhookEvents });
    const publishing = createPublishingService({ db: t.database.db, assets, stencils, now: () => at });
    return createScheduler({ db: t.database.db, dialect, publishing, intervalMs: 1000, now: () => at });
  };

  it('publishes now: status, dates, no unpublished changes, an executed transition and a publish history entry', async () => {
    const id = await createStory();
    expect((await call(EDITOR, 'PUT', path(id), { content: { ...VALID_STORY, teaser: { value: 'Cold.' } } })).statusCode).toBe(200);
    const response = await call(EDITOR, 'POST', `${path(id)}/publish`, { publishSchedule: {} });
    expect(response.statusCode, response.body).toBe(200);
    const version = assetVersionSchema.parse(response.json());
    expect(version._meta.status).toBe('published');
    expect(version._meta.changedProperties).toEqual([]);
    expect(version._meta.previewedProperties).toEqual([]);
    expect(version._meta.lastPublished).not.toBeNull();
    expect(version._meta.history?.[0]).toMatchObject({ action: 'publish', user: 'Emma Editor' });
    expect(version._links['p:depublish'].methods).toEqual(['POST']);
    const row = await stored(id);
    expect(row.first_published_at).toBe(row.last_published_at);
    expect(row.published_content).toBe(row.content);
    expect(await transitions(id)).toEqual(['EXECUTED PUBLISHED']);
    // A second publish keeps the first publish date.
    const again = await call(EDITOR, 'POST', `${path(id)}/publish`);
    expect(again.statusCode, again.body).toBe(200);
    expect((await stored(id)).first_published_at).toBe(row.first_published_at);
  });

  it('schedules a publish for a future start, and the scheduler runs it once when it is due', async () => {
    const id = await createStory();
    const start = new Date(Date.now() + 2 * HOUR).toISOString();
    const response = await call(EDITOR, 'POST', `${path(id)}/publish`, { publishSchedule: { startDate: start } });
    expect(response.statusCode, response.body).toBe(200);
    const version = assetVersionSchema.parse(response.json());
    expect(version._meta).toMatchObject({ status: 'draft', isScheduled: true, publishSchedule: { startDate: start, endDate: null } });
    expect(version._meta.history?.[0]?.action).toBe('schedule-publish');
    expect(await transitions(id)).toEqual(['SCHEDULED PUBLISHED']);

    expect(await schedulerAt(new Date(Date.now() + HOUR)).runOnce()).toBe(0);
    expect(await transitions(id)).toEqual(['SCHEDULED PUBLISHED']);
    const later = schedulerAt(new Date(Date.now() + 3 * HOUR));
    expect(await later.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await later.runOnce()).toBe(0);
    expect(await transitions(id)).toEqual(['EXECUTED PUBLISHED']);
    expect((await stored(id)).status).toBe('published');
    const history = await t.database.db.selectFrom('asset_history').select(['action', 'user_name']).where('asset_id', '=', id).where('action', '=', 'publish').execute();
    expect(history).toEqual([{ action: 'publish', user_name: 'Emma Editor' }]);
  });

  it('schedules an unpublish with the end date, which the scheduler runs', async () => {
    const id = await createStory();
    const end = new Date(Date.now() + 24 * HOUR).toISOString();
    const response = await call(EDITOR, 'POST', `${path(id)}/publish`, { publishSchedule: { startDate: new Date(Date.now() - HOUR).toISOString(), endDate: end } });
    expect(response.statusCode, response.body).toBe(200);
    expect(assetVersionSchema.parse(response.json())._meta).toMatchObject({ status: 'published', publishSchedule: { endDate: end } });
    expect(await transitions(id)).toEqual(['EXECUTED PUBLISHED', 'SCHEDULED UNPUBLISHED']);
    await schedulerAt(new Date(Date.now() + 25 * HOUR)).runOnce();
    expect(await transitions(id)).toEqual(['EXECUTED PUBLISHED', 'EXECUTED UNPUBLISHED']);
    expect((await stored(id)).status).toBe('unpublished');
  });

  it('marks a due publish ERROR with the reason when the asset has errors by then', async () => {
    const id = await createStory();
    const start = new Date(Date.now() + HOUR).toISOString();
    expect((await call(EDITOR, 'POST', `${path(id)}/publish`, { publishSchedule: { startDate: start } })).statusCode).toBe(200);
    expect((await call(EDITOR, 'PUT', path(id), { content: { title: { value: 'Only a title now' } } })).statusCode).toBe(200);
    await schedulerAt(new Date(Date.now() + 2 * HOUR)).runOnce();
    const failed = await t.database.db.selectFrom('transition').selectAll().where('asset_id', '=', id).executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 'ERROR', transition_to: 'PUBLISHED' });
    expect(failed.message).toContain(VALIDATION_MESSAGES.required);
    expect((await stored(id)).status).toBe('draft');
  });

  it('refuses publish dates outside the embargo with 400 and writes nothing', async () => {
    const id = await createStory();
    const embargo = { startDate: new Date(Date.now() + 24 * HOUR).toISOString(), endDate: new Date(Date.now() + 48 * HOUR).toISOString() };
    expect((await call(EMBARGO_MANAGER, 'POST', `/api/v1/assets/${id}/embargo`, embargo)).statusCode).toBe(200);
    const before = await stored(id);
    for (const publishSchedule of [{}, { startDate: new Date(Date.now() + 30 * HOUR).toISOString(), endDate: new Date(Date.now() + 72 * HOUR).toISOString() }]) {
      const response = await call(EDITOR, 'POST', `${path(id)}/publish`, { publishSchedule });
      expect(response.statusCode).toBe(400);
      expect(response.json().messages).toEqual([VALIDATION_MESSAGES.publishDatesOutsideEmbargo]);
    }
    expect(await stored(id)).toEqual(before);
    expect(await transitions(id)).toEqual([]);
    const inside = await call(EDITOR, 'POST', `${path(id)}/publish`, { publishSchedule: { startDate: new Date(Date.now() + 30 * HOUR).toISOString() } });
    expect(inside.statusCode, inside.body).toBe(200);
  });

  it('refuses an unpublish date before the publish date', async () => {
    const id = await createStory();
    const response = await call(EDITOR, 'POST', `${path(id)}/publish`, { publishSchedule: { startDate: new Date(Date.now() + 2 * HOUR).toISOString(), endDate: new Date(Date.now() + HOUR).toISOString() } });
    expect(response.statusCode).toBe(400);
    expect(await transitions(id)).toEqual([]);
  });

  it('checks an unpublished reference: listed in items and published with the asset', async () => {
    const referenced = await createStory({ ...VALID_STORY, title: { value: 'Rjukan in summer' } });
    const id = await createStory({ ...VALID_STORY, 'story-content': { value: [embed(referenced)] } });
    const result = await check(id);
    expect(result.readyToPublish).toBe(true);
    expect(result.errorItems).toEqual([]);
    expect(result.items.map((item) => [item.id, item.localization, item.status])).toEqual([
      [id, 'en', 'draft'],
      [referenced, 'en', 'draft'],
    ]);
    expect((await call(EDITOR, 'POST', `${path(id)}/publish`)).statusCode).toBe(200);
    expect((await stored(referenced)).status).toBe('published');
    expect(await transitions(referenced)).toEqual(['EXECUTED PUBLISHED']);
    // Published now, the reference is no longer part of the next publish.
    expect((await check(id)).items.map((item) => item.id)).toEqual([id]);
  });

  it('reports an invalid asset or reference in errorItems, not ready, and refuses to publish it', async () => {
    const invalid = await createStory({ title: { value: 'No body yet' } });
    const own = await check(invalid);
    expect(own.readyToPublish).toBe(false);
    expect(own.errorItems).toEqual([
      {
        id: invalid,
        localization: 'en',
        stencil: 'story',
        title: 'No body yet',
        status: 'draft',
        errorMessages: [
          { path: 'story-content', message: VALIDATION_MESSAGES.required },
          { path: 'authorship', message: VALIDATION_MESSAGES.required },
        ],
      },
    ]);
    const refused = await call(EDITOR, 'POST', `${path(invalid)}/publish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messages[0]).toContain(VALIDATION_MESSAGES.required);
    expect((await stored(invalid)).status).toBe('draft');

    const id = await createStory({ ...VALID_STORY, 'story-content': { value: [embed(invalid)] } });
    const withReference = await check(id);
    expect(withReference.readyToPublish).toBe(false);
    expect(withReference.errorItems.map((item) => item.id)).toEqual([invalid]);
  });

  it('reports scheduled and embargoed references', async () => {
    const scheduled = await createStory();
    expect((await call(EDITOR, 'POST', `${path(scheduled)}/publish`, { publishSchedule: { startDate: new Date(Date.now() + HOUR).toISOString() } })).statusCode).toBe(200);
    const leaving = await createStory();
    expect((await call(EDITOR, 'POST', `${path(leaving)}/publish`, { publishSchedule: { endDate: new Date(Date.now() + HOUR).toISOString() } })).statusCode).toBe(200);
    const embargoed = await createStory();
    const embargo = { startDate: new Date(Date.now() + 24 * HOUR).toISOString(), endDate: null };
    expect((await call(EMBARGO_MANAGER, 'POST', `/api/v1/assets/${embargoed}/embargo`, embargo)).statusCode).toBe(200);
    const id = await createStory({ ...VALID_STORY, 'story-content': { value: [embed(scheduled), embed(leaving), embed(embargoed)] } });
    const result = await check(id);
    expect(result.alreadyScheduledRelations).toEqual([{ id: scheduled, localization: 'en' }]);
    expect(result.unpublishScheduledRelations).toEqual([{ id: leaving, localization: 'en' }]);
    expect(result.embargoRestrictedRelations).toEqual([{ id: embargoed, localization: 'en' }]);
    expect(result.readyToPublish).toBe(false);
  });

  it('unpublishes: status, an executed transition, scheduled ones cancelled, an unpublish history entry', async () => {
    const id = await createStory();
    expect((await call(EDITOR, 'POST', `${path(id)}/publish`, { publishSchedule: { endDate: new Date(Date.now() + HOUR).toISOString() } })).statusCode).toBe(200);
    const response = await call(EDITOR, 'POST', `${path(id)}/depublish`);
    expect(response.statusCode, response.body).toBe(200);
    const version = assetVersionSchema.parse(response.json());
    expect(version._meta.status).toBe('unpublished');
    expect(version._meta.history?.[0]?.action).toBe('unpublish');
    expect(await transitions(id)).toEqual(['EXECUTED PUBLISHED', 'EXECUTED UNPUBLISHED']);
    // Unpublished, the right to unpublish goes.
    expect((await call(EDITOR, 'POST', `${path(id)}/depublish`)).statusCode).toBe(403);
  });

  it('needs the publish right (403) and a readable asset (404)', async () => {
    const id = await createStory();
    expect((await call(CURATOR, 'GET', `${path(id)}/publish-check`)).statusCode).toBe(403);
    expect((await call(CURATOR, 'POST', `${path(id)}/publish`)).statusCode).toBe(403);
    expect((await call(HUB, 'GET', `${path(id)}/publish-check`)).statusCode).toBe(404);
    expect((await call(HUB, 'POST', `${path(id)}/publish`)).statusCode).toBe(404);
    expect((await call(EDITOR, 'POST', `${path(id)}/publish`)).statusCode).toBe(200);
    expect((await call(CURATOR, 'POST', `${path(id)}/depublish`)).statusCode).toBe(403);
    expect((await stored(id)).status).toBe('published');
    expect((await t.app.inject({ method: 'POST', url: `${path(id)}/depublish` })).statusCode).toBe(401);
  });

  it('requires an unpublish date for stencils that need one', async () => {
    const response = await call(EDITOR, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=external-content-resource', { content: { title: { value: 'Partner page' } } });
    expect(response.statusCode, response.body).toBe(201);
    const refused = await call(EDITOR, 'POST', `${path(response.json().id as string)}/publish`, { publishSchedule: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messages).toEqual([VALIDATION_MESSAGES.unpublishDateRequired]);
  });

  it('moves a URI title claimed while another asset held it to the claimer when the claimer is published (spec 000 §3)', async () => {
    const owner = await createStory();
    const claimer = await createStory();
    const slugId = `rbcom:en-INT:ice-climbing-${dialect}`;
    const claimAs = async (id: string) => {
      const url = `/api/crepo/urislug-registry/uriSlugs/${slugId}/relationships/claimingResource`;
      const response = await t.app.inject({ method: 'PATCH', url, headers: await t.auth(EDITOR), payload: { data: { id, spaces: ['rbcom'], type: 'story' } } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { isClaimPending: boolean };
    };
    await claimAs(owner);
    expect((await claimAs(claimer)).isClaimPending).toBe(true);
    expect((await call(EDITOR, 'POST', `${path(claimer)}/publish`, {})).statusCode).toBe(200);
    const lookup = await call(EDITOR, 'GET', `/api/crepo/urislug-registry/v2/uriSlugs/${slugId}`);
    expect(lookup.json()).toMatchObject({ conflictAssetId: claimer, isClaimPending: false });
  });
});
