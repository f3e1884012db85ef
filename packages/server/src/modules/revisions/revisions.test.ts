import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURATOR, DIALECTS, EDITOR, HUB, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface RevisionJson {
  version: number;
  kind: string;
  user: { id: string; name: string };
  changedPaths: string[];
  isPublished: boolean;
  _links: { restore: { methods: string[] } };
}

const versionUrl = (id: string) => `/api/v1/assets/${id}/localizations/en`;
const story = (title: string, paragraphs: string[]) => ({
  title: { value: title },
  teaser: { value: `A teaser for ${title}.` },
  'story-content': { value: paragraphs.map((text) => ({ type: 'text', value: `<p>${text}</p>` })) },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
});

describe.each(DIALECTS)('revisions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(await t.auth(user)), ...headers }, ...(payload ? { payload } : {}) });

  const create = async (content: object = story('First title', ['One', 'Two', 'Three'])) => {
    const response = await call(EDITOR, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const save = async (id: string, content: object, ifMatch: number) => call(EDITOR, 'PUT', versionUrl(id), { content }, { 'if-match': `"${ifMatch}"` });
  const revisionsOf = async (id: string, query = '', user: TestUser = EDITOR) => call(user, 'GET', `${versionUrl(id)}/revisions${query}`);

  it('lists one revision per change, newest first, with who, what kind, the changed paths and the publish marks', async () => {
    const id = await create();
    expect((await save(id, story('Second title', ['One', 'Two', 'Three']), 1)).statusCode).toBe(200);
    expect((await save(id, story('Second title', ['One', 'Two changed', 'Three']), 2)).statusCode).toBe(200);
    expect((await call(EDITOR, 'POST', `${versionUrl(id)}/publish`, {})).statusCode).toBeLessThan(300);

    const page = (await revisionsOf(id)).json() as { revisions: RevisionJson[]; _links: { next?: unknown } };
    expect(page.revisions.map((revision) => [revision.version, revision.kind, revision.isPublished])).toEqual([
      [4, 'publish', true],
      [3, 'save', false],
      [2, 'save', false],
      [1, 'create', false],
    ]);
    expect(page.revisions.slice(0, 2).map((revision) => revision.changedPaths)).toEqual([[], ['story-content[1]']]);
    expect(page.revisions[3]?.changedPaths).toEqual(expect.arrayContaining(['title', 'teaser', 'story-content', 'authorship']));
    expect(page.revisions[0]?.user).toEqual({ id: 'editor', name: 'Emma Editor' });
    expect(page.revisions[0]?._links.restore.methods).toEqual(['POST']);
    expect(page._links.next).toBeUndefined();
    // The publish is a mark: its content is the one published, the save's before it.
    const contentOf = async (revision: number) => ((await call(EDITOR, 'GET', `${versionUrl(id)}/revisions/${revision}`)).json() as { content: unknown }).content;
    expect(await contentOf(4)).toEqual(await contentOf(3));
  });

  it('pages by keyset: each page continues below the last version of the one before', async () => {
    const id = await create();
    for (let version = 1; version < 7; version++) expect((await save(id, story(`Title ${version}`, ['One']), version)).statusCode).toBe(200);
    const first = (await revisionsOf(id, '?limit=3')).json() as { revisions: RevisionJson[]; _links: { next: { href: string } } };
    expect(first.revisions.map((revision) => revision.version)).toEqual([7, 6, 5]);
    const second = (await call(EDITOR, 'GET', first._links.next.href)).json() as { revisions: RevisionJson[]; _links: { next: { href: string } } };
    expect(second.revisions.map((revision) => revision.version)).toEqual([4, 3, 2]);
    const third = (await call(EDITOR, 'GET', second._links.next.href)).json() as { revisions: RevisionJson[]; _links: { next?: unknown } };
    expect(third.revisions.map((revision) => revision.version)).toEqual([1]);
    expect(third._links.next).toBeUndefined();
  });

  it('gives one revision with its content as it was then, and compares two field by field', async () => {
    const id = await create(story('The quick fox', ['One', 'Two', 'Three']));
    await save(id, story('The slow brown fox', ['Three', 'One', 'Four']), 1);
    const first = (await call(EDITOR, 'GET', `${versionUrl(id)}/revisions/1`)).json() as { content: Record<string, { value: unknown }> };
    expect(first.content.title?.value).toBe('The quick fox');

    const comparison = (await call(EDITOR, 'GET', `${versionUrl(id)}/revisions/compare?from=1&to=2`)).json() as { fields: Array<{ input: string; kind: string; changes?: Array<{ op: string; text?: string }> }> };
    const byInput = Object.fromEntries(comparison.fields.map((field) => [field.input, field]));
    expect(byInput.title?.kind).toBe('words');
    expect(byInput.title?.changes).toEqual([
      { op: 'same', text: 'The' },
      { op: 'removed', text: 'quick' },
      { op: 'added', text: 'slow brown' },
      { op: 'same', text: 'fox' },
    ]);
    expect(byInput['story-content']?.kind).toBe('elements');
    expect(byInput['story-content']?.changes?.map((change) => change.op).toSorted()).toEqual(['added', 'moved', 'removed', 'same'].toSorted());
    expect((await call(EDITOR, 'GET', `${versionUrl(id)}/revisions/9`)).statusCode).toBe(404);
  });

  it('restores a whole revision as a new save that is a revision of its own', async () => {
    const id = await create(story('Original', ['One', 'Two']));
    await save(id, story('Pasted over', ['Wrong', 'Two']), 1);
    const restored = await call(EDITOR, 'POST', `${versionUrl(id)}/revisions/1/restore`, {}, { 'if-match': '"2"' });
    expect(restored.statusCode).toBe(200);
    expect(restored.headers.etag).toBe('"3"');
    const version = restored.json() as { content: Record<string, { value: unknown }> };
    expect(version.content.title?.value).toBe('Original');
    expect(version.content['story-content']?.value).toEqual([{ type: 'text', value: '<p>One</p>' }, { type: 'text', value: '<p>Two</p>' }]);
    const newest = ((await revisionsOf(id, '?limit=1')).json() as { revisions: RevisionJson[] }).revisions[0];
    expect(newest).toMatchObject({ version: 3, kind: 'restore:1' });
    // The stencil's defaults, which the create added and the later save left out, come back with the rest.
    expect(newest?.changedPaths).toEqual(expect.arrayContaining(['title', 'teaser', 'story-content[0]', 'standalone']));
  });

  it('restores one field and leaves the others as they are', async () => {
    const id = await create(story('Original', ['One']));
    await save(id, story('Changed', ['Changed too']), 1);
    const restored = await call(EDITOR, 'POST', `${versionUrl(id)}/revisions/1/restore`, { input: 'title' }, { 'if-match': '"2"' });
    expect(restored.statusCode).toBe(200);
    const version = restored.json() as { content: Record<string, { value: unknown }> };
    expect(version.content.title?.value).toBe('Original');
    expect(version.content['story-content']?.value).toEqual([{ type: 'text', value: '<p>Changed too</p>' }]);
    expect((await call(EDITOR, 'POST', `${versionUrl(id)}/revisions/1/restore`, { input: 'no-such-input' }, { 'if-match': '"3"' })).statusCode).toBe(400);
  });

  it('refuses a stale restore with 412 and one without If-Match with 428, and records nothing for either', async () => {
    const id = await create(story('Original', ['One']));
    await save(id, story('Newer work', ['One']), 1);
    const stale = await call(EDITOR, 'POST', `${versionUrl(id)}/revisions/1/restore`, {}, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'version-conflict', current: { version: 2 } });
    expect((await call(EDITOR, 'POST', `${versionUrl(id)}/revisions/1/restore`, {})).statusCode).toBe(428);
    expect((await save(id, story('Stale save', ['One']), 1)).statusCode).toBe(412);
    expect((await save(id, { title: { value: 7 } }, 2)).statusCode).toBe(400);
    const page = (await revisionsOf(id)).json() as { revisions: RevisionJson[] };
    expect(page.revisions.map((revision) => revision.version)).toEqual([2, 1]);
    expect(((await call(EDITOR, 'GET', versionUrl(id))).json() as { content: { title: { value: string } } }).content.title.value).toBe('Newer work');
  });

  it('answers 404 for a version the user may not read, and refuses a restore without the rights of editing', async () => {
    const id = await create();
    for (const url of [`${versionUrl(id)}/revisions`, `${versionUrl(id)}/revisions/1`, `${versionUrl(id)}/revisions/compare?from=1&to=1`]) {
      expect((await call(HUB, 'GET', url)).statusCode).toBe(404);
    }
    expect((await call(HUB, 'POST', `${versionUrl(id)}/revisions/1/restore`, {}, { 'if-match': '"1"' })).statusCode).toBe(404);
    const asCurator = (await revisionsOf(id, '', CURATOR)).json() as { revisions: RevisionJson[] };
    expect(asCurator.revisions[0]?._links.restore.methods).toEqual([]);
    expect((await call(CURATOR, 'POST', `${versionUrl(id)}/revisions/1/restore`, {}, { 'if-match': '"1"' })).statusCode).toBe(403);
  });

  it('records one revision per acknowledged save under 50 concurrent saves, and none for the refused ones', async () => {
    const id = await create(story('Start', ['One']));
    const results = await Promise.all(Array.from({ length: 50 }, (_, n) => save(id, story(`Concurrent ${n}`, ['One']), 1 + (n % 5))));
    const acknowledged = results.filter((response) => response.statusCode === 200).map((response) => Number(response.headers.etag?.replaceAll('"', '')));
    expect(results.every((response) => response.statusCode === 200 || response.statusCode === 412)).toBe(true);
    const page = (await revisionsOf(id, '?limit=200')).json() as { revisions: RevisionJson[] };
    expect(page.revisions.map((revision) => revision.version).toSorted((a, b) => a - b)).toEqual([1, ...acknowledged.toSorted((a, b) => a - b)]);
  });
});
