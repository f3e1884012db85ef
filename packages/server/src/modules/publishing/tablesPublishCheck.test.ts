import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishCheckResponseSchema } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../test/harness.ts';

const REQUIRED = 'This field is required.';
const INVALID_CELL = 'Does not match required pattern or contains invalid character.';
const columns = [
  { name: 'rank', title: 'Rank' },
  { name: 'person', title: 'Person' },
  { name: 'mainResult', title: 'Result' },
  { name: 'column-1', title: 'Points', pinned: false, format: 'points' },
];
const storyWith = (elements: object[]) => ({
  title: { value: 'Results from Kitzbühel' },
  'story-content': { value: [{ type: 'text', value: '<p>The downhill.</p>' }, ...elements] },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
});

describe.each(DIALECTS)('tables in a story are validated on save and publish check (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (content: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', headers: await t.auth(EDITOR), payload: { content } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const errorsOf = async (id: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/assets/${id}/localizations/en/publish-check`, headers: await t.auth(EDITOR) });
    expect(response.statusCode, response.body).toBe(200);
    return publishCheckResponseSchema.parse(response.json()).errorItems.flatMap((item) => item.errorMessages);
  };

  it('publishes complete tables', async () => {
    const id = await create(
      storyWith([
        { type: 'table', value: { columns: [{ title: 'Name' }], rows: [{ cells: [{ value: '<p><a href="https://example.com">Ann</a></p>' }] }] } },
        { type: 'results-table', value: { title: 'Final', columns, rows: [{ cells: [{ value: '1' }, { value: 'Ann' }, { value: '1:52.3' }, { value: 100 }] }] } },
      ]),
    );
    expect(await errorsOf(id)).toEqual([]);
  });

  it('saves, then reports an empty title, an empty required cell, a flagged cell and a bad cell link', async () => {
    const id = await create(
      storyWith([
        { type: 'table', value: { columns: [{ title: 'Name' }], rows: [{ cells: [{ value: '<p><a href="example.com">Ann</a></p>' }] }] } },
        { type: 'results-table', value: { title: '', columns, rows: [{ cells: [{ value: '1' }, { value: '' }, { value: '1:52.3' }, { value: 'lots', invalid: true }] }] } },
      ]),
    );
    expect(await errorsOf(id)).toEqual([
      { path: 'story-content.1.table.rows.0.cells.0', message: 'Please begin external links with "http://" or "https://"!' },
      { path: 'story-content.2.results-table.title', message: REQUIRED },
      { path: 'story-content.2.results-table.rows.0.person', message: REQUIRED },
      { path: 'story-content.2.results-table.rows.0.column-1', message: INVALID_CELL },
    ]);
  });

  it('refuses a ragged table as a shape error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story',
      headers: await t.auth(EDITOR),
      payload: { content: storyWith([{ type: 'table', value: { columns: [{ title: 'A' }, { title: 'B' }], rows: [{ cells: [{ value: 'x' }] }] } }]) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('row 0 has 1 cells for 2 columns');
  });
});
