import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleResponseSchema } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { insertDueTransitions } from '../../../test/dueTransitions.ts';
import { schedulerOn } from '../../../test/schedulerInstance.ts';

/** Reads and writes wrc, which EDITOR does not hold. */
const WRC_ADMIN: TestUser = {
  sub: 'wrc-admin',
  name: 'Walter Rally',
  rights: { roles: ['admin', 'content-manager', 'translator'], spaces: ['wrc', 'rbcom', 'global'], localizations: ['en', 'de'] },
};
/** An editor of rbcom who later loses the space or the creator role. */
const LEAVER: TestUser = {
  sub: 'leaver',
  name: 'Lena Leaver',
  rights: { roles: ['content-editor'], spaces: ['rbcom'], localizations: ['en'] },
};
const VALID_STORY = {
  title: { value: 'Rally weekend' },
  'story-content': { value: [{ type: 'text', value: '<p>Gravel all the way.</p>' }] },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
};
const HOUR = 3_600_000;
const path = (id: string, locale = 'en') => `/api/v1/assets/${id}/localizations/${locale}`;
const embedding = (target: string) => ({
  ...VALID_STORY,
  'story-content': { value: [...VALID_STORY['story-content'].value, { type: 'embedded-content', value: { id: target, stencil: 'story' } }] },
});

describe.each(DIALECTS)('scheduled transitions run with the scheduling user rights (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
  const create = async (user: TestUser, space: string, content: object = VALID_STORY) => {
    const response = await call(user, 'POST', `/api/v1/assets/-/localizations/en?space=${space}&container.stencil=story`, { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const publish = async (user: TestUser, id: string, publishSchedule: { startDate?: string; endDate?: string }) => {
    const response = await call(user, 'POST', `${path(id)}/publish`, { publishSchedule });
    expect(response.statusCode, response.body).toBe(200);
  };
  const statusOf = async (id: string) =>
    (await t.database.db.selectFrom('asset_localization').select('status').where('asset_id', '=', id).where('locale', '=', 'en').executeTakeFirstOrThrow()).status;
  const lifecycle = async (id: string) => {
    const response = await call(WRC_ADMIN, 'GET', `/api/crepo/lifecycles/${id}?localization=en`);
    expect(response.statusCode, response.body).toBe(200);
    return lifecycleResponseSchema.parse(response.json()).attributes.scheduledTransitions;
  };
  const runDue = () => schedulerOn(t.database.db, dialect, { now: new Date(Date.now() + 2 * HOUR) }).runOnce();

  /** EDITOR's story, scheduled for a publish in an hour, that then embeds a valid wrc draft EDITOR may not read. */
  async function scheduleWithHiddenDraft(): Promise<{ story: string; wrcDraft: string }> {
    const wrcDraft = await create(WRC_ADMIN, 'wrc');
    const story = await create(EDITOR, 'rbcom');
    await publish(EDITOR, story, { startDate: new Date(Date.now() + HOUR).toISOString() });
    const saved = await call(EDITOR, 'PUT', path(story), { content: embedding(wrcDraft) });
    expect(saved.statusCode, saved.body).toBe(200);
    return { story, wrcDraft };
  }

  it('stores who scheduled a transition', async () => {
    const story = await create(EDITOR, 'rbcom');
    await publish(EDITOR, story, { startDate: new Date(Date.now() + HOUR).toISOString(), endDate: new Date(Date.now() + 3 * HOUR).toISOString() });
    const rows = await t.database.db.selectFrom('transition').select(['transition_to', 'user_id', 'user_name']).where('asset_id', '=', story).orderBy('transition_to').execute();
    expect(rows).toEqual([
      { transition_to: 'PUBLISHED', user_id: EDITOR.sub, user_name: 'Emma Editor' },
      { transition_to: 'UNPUBLISHED', user_id: EDITOR.sub, user_name: 'Emma Editor' },
    ]);
  });

  it('publishes a scheduled story without a referenced draft its user may not read, as a publish now would', async () => {
    const { story, wrcDraft } = await scheduleWithHiddenDraft();
    await runDue();
    expect(await statusOf(story)).toBe('published');
    expect(await statusOf(wrcDraft)).toBe('draft');
    expect((await lifecycle(story)).map((entry) => `${entry.transitionStatus} ${entry.transitionTo}`)).toEqual(['EXECUTED PUBLISHED']);
    expect(await lifecycle(wrcDraft)).toEqual([]);
  });

  it('runs a transition from before it named its user as it always did, without checking rights', async () => {
    const { story, wrcDraft } = await scheduleWithHiddenDraft();
    await t.database.db.updateTable('transition').set({ user_id: null }).where('asset_id', '=', story).execute();
    await runDue();
    expect(await statusOf(story)).toBe('published');
    // Today's behaviour for such rows: nobody's rights are known, so the reference goes out with the story.
    expect(await statusOf(wrcDraft)).toBe('published');
  });

  it('fails a scheduled publish whose user has lost the space since, with the reason in the lifecycle', async () => {
    const story = await create(LEAVER, 'rbcom');
    await publish(LEAVER, story, { startDate: new Date(Date.now() + HOUR).toISOString() });
    // The next sign-in brings the rights the identity provider gives now.
    expect((await call({ ...LEAVER, rights: { ...LEAVER.rights, spaces: ['global'] } }, 'GET', '/api/v1/user')).statusCode).toBe(200);
    await runDue();
    expect(await statusOf(story)).toBe('draft');
    expect(await lifecycle(story)).toMatchObject([
      { transitionTo: 'PUBLISHED', transitionStatus: 'ERROR', transitionMessage: 'Lena Leaver, who scheduled this, may no longer publish this asset.', user: 'Lena Leaver' },
    ]);
  });

  it('fails a scheduled publish whose user id names no user', async () => {
    const [id = ''] = await insertDueTransitions(t.database.db, { count: 1, dueAt: new Date(Date.now() - HOUR).toISOString(), user: 'Gone Ghost', userId: 'gone' });
    await runDue();
    expect(await statusOf(id)).toBe('draft');
    expect(await lifecycle(id)).toMatchObject([{ transitionStatus: 'ERROR', transitionMessage: 'Gone Ghost, who scheduled this, is not a known user.' }]);
  });

  it('fails a scheduled unpublish whose user may no longer unpublish', async () => {
    const story = await create(LEAVER, 'rbcom');
    await publish(LEAVER, story, { endDate: new Date(Date.now() + HOUR).toISOString() });
    expect(await statusOf(story)).toBe('published');
    expect((await call({ ...LEAVER, rights: { ...LEAVER.rights, roles: ['curator'] } }, 'GET', '/api/v1/user')).statusCode).toBe(200);
    await runDue();
    expect(await statusOf(story)).toBe('published');
    expect((await lifecycle(story)).map((entry) => [entry.transitionStatus, entry.transitionTo, entry.transitionMessage])).toEqual([
      ['EXECUTED', 'PUBLISHED', null],
      ['ERROR', 'UNPUBLISHED', 'Lena Leaver, who scheduled this, may no longer unpublish this asset.'],
    ]);
  });
});
