import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STENCIL_GROUPS, childInputs, stencilDefinitionSchema, stencilSummarySchema, type InputDefinition, type StencilDefinition } from '@editor/domain';
import { CURATOR, DIALECTS, EDITOR, HUB, TV, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { STENCILS_DIR, loadStencils } from './loadStencils.ts';
import { createStencilRegistry } from './stencilRegistry.ts';

/** Every stencil spec 000 §1 names. */
const SPEC_STENCILS = [
  'story', 'video', 'image', 'image-gallery', 'event-profile', 'collection', 'athlete', 'artist', 'film', 'event-details',
  'show', 'project-profile', 'event-series', 'trailer-video', 'recap-video', 'podcast-episode', 'occasion-campaign',
  'podcast-show', 'team', 'video-channel', 'onsite-promotion', 'content-hub',
];

function allInputs(inputs: readonly InputDefinition[]): InputDefinition[] {
  return inputs.flatMap((input) => [input, ...allInputs(childInputs(input))]);
}

/** What the stencil schema lets through but no widget could show. */
function inputProblems(input: InputDefinition): string[] {
  const problems: string[] = [];
  const options = input.constraints?.options?.map((option) => option.value);
  if (input.type === 'select' && !options) problems.push('a select without options');
  if (input.type === 'select' && input.default !== undefined && !options?.includes(String(input.default))) {
    problems.push('default is no option');
  }
  if (['container', 'ordered-container', 'one-of-container'].includes(input.type) && childInputs(input).length === 0) {
    problems.push('a container without children');
  }
  if (input.constraints?.heroLayouts && input.type !== 'image') problems.push('hero layouts on something other than an image');
  if (input.constraints?.dateKind && input.type !== 'date-time') problems.push('a date kind on something other than a date');
  return problems;
}

describe('loading the shipped stencils', () => {
  const stencils = loadStencils(STENCILS_DIR);
  const byName = new Map(stencils.map((stencil) => [stencil.name, stencil]));

  it('loads every file and has every stencil of spec 000 §1', () => {
    expect(stencils.length).toBe(fs.readdirSync(STENCILS_DIR).filter((file) => file.endsWith('.json')).length);
    expect(SPEC_STENCILS.filter((name) => !byName.has(name))).toEqual([]);
    expect(SPEC_STENCILS.filter((name) => byName.get(name)?.creatable !== true)).toEqual([]);
  });

  it('keeps the taxonomy and support stencils out of the create list', () => {
    const support = ['discipline', 'content-category', 'lsc', 'tag', 'partner', 'energy-drink'];
    expect(support.filter((name) => byName.get(name)?.creatable !== false)).toEqual([]);
  });

  it('limits the stencils that belong to one space or one feature', () => {
    expect(byName.get('film')?.spaces).toEqual(['rbtv']);
    expect(byName.get('show')?.spaces).toEqual(['rbtv']);
    expect(byName.get('content-hub')?.spaces).toEqual(['illume']);
    expect(byName.get('occasion-campaign')?.spaces).toEqual(['rbcom']);
    expect(byName.get('onsite-promotion')?.featureFlag).toBe('onsite-promotion');
  });

  it('gives every select its options and a default among them, every container its children', () => {
    const problems = stencils.flatMap((stencil) =>
      allInputs(stencil.inputs).flatMap((input) => inputProblems(input).map((problem) => `${stencil.name}: ${input.name}: ${problem}`)),
    );
    expect(problems).toEqual([]);
  });

  it('offers one story-content choice per element type of spec 002 §5 and keeps the text-block limits of 000 §9', () => {
    const story = byName.get('story') as StencilDefinition;
    const content = story.inputs.find((input) => input.name === 'story-content') as InputDefinition;
    const choices = childInputs(content).map((choice) => choice.name);
    expect(choices).toEqual(expect.arrayContaining([
      'text', 'embedded-content', 'list', 'numbered-list', 'quote', 'headline', 'service-embed', 'audio', 'fact', 'tip', 'image',
      'image-gallery', 'video', 'interview', 'interview-answer', 'couple', 'couple-right-image', 'table', 'fact-content',
      'results-table', 'results-and-standings', 'info-block-group', 'info-block', 'accordion', 'legal-disclaimer', 'schedule',
    ]));
    expect(choices.filter((name) => name.startsWith('cta-')).length).toBeGreaterThan(0);
    const limits = allInputs([content])
      .filter((input) => ['fact-content-text', 'interview-answer-text', 'tip-content-text'].includes(input.name))
      .map((input) => `${input.name} ${input.constraints?.maxLength}`);
    expect(new Set(limits)).toEqual(new Set(['fact-content-text 3', 'interview-answer-text 2', 'tip-content-text 2']));
  });

  it('orders the registry by the group order of spec 000 §9, then by label', () => {
    const registry = createStencilRegistry(stencils);
    const groups = registry.all().map((stencil) => STENCIL_GROUPS.indexOf(stencil.group));
    expect(groups).toEqual(groups.toSorted((a, b) => a - b));
    expect(registry.byGroup('Images').map((stencil) => stencil.name)).toEqual(['image', 'image-gallery']);
    expect(registry.get('story')?.label).toBe('Story');
    expect(registry.get('nothing')).toBeUndefined();
  });
});

/** The smallest valid stencil with these inputs, all in one area. */
const minimal = (name: string, inputs: unknown[]) => ({
  name,
  label: name,
  icon: 'tag',
  group: 'Taxonomy',
  previewable: false,
  creatable: false,
  titleInput: 'title',
  contentAreas: [{ name: 'content', label: 'Content', inputs: (inputs as Array<{ name: string }>).map((input) => input.name) }],
  inputs,
});
const titleInput = { name: 'title', type: 'text', view: { label: 'Title' } };

/** The message loading the folder stops with. */
function loadError(folder: string): string {
  try {
    loadStencils(folder);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the folder loaded');
}

/** The stencils story.json references, so that only the broken field is reported. */
function supportFiles(): Record<string, unknown> {
  return Object.fromEntries(
    fs
      .readdirSync(STENCILS_DIR)
      .filter((file) => file !== 'story.json')
      .map((file) => [file, JSON.parse(fs.readFileSync(path.join(STENCILS_DIR, file), 'utf8'))]),
  );
}

describe('refusing broken stencil files', () => {
  let dir: string;
  const story = JSON.parse(fs.readFileSync(path.join(STENCILS_DIR, 'story.json'), 'utf8')) as StencilDefinition;

  /** A folder named `stencils` holding the given files, as the shipped one is. */
  function stencilFolder(files: Record<string, unknown>): string {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stencils-test-')), 'stencils');
    fs.mkdirSync(dir);
    for (const [file, content] of Object.entries(files)) {
      fs.writeFileSync(path.join(dir, file), typeof content === 'string' ? content : JSON.stringify(content));
    }
    return dir;
  }

  afterEach(() => {
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('names the file, the field path and the problem', () => {
    const broken = structuredClone(story);
    const teaser = broken.inputs[1] as InputDefinition;
    teaser.constraints = { maxLength: 0 };
    expect(loadError(stencilFolder({ 'story.json': broken, ...supportFiles() }))).toMatch(
      /^stencils\/story\.json: inputs\.1\.constraints\.maxLength: Too small[^\n]*$/,
    );
  });

  it('reports a broken file once, not again in every file that references it', () => {
    const files = supportFiles();
    const discipline = files['discipline.json'] as StencilDefinition;
    files['discipline.json'] = { ...discipline, group: 'Sports' };
    expect(loadError(stencilFolder({ 'story.json': story, ...files })).split('\n')).toEqual([
      expect.stringMatching(/^stencils\/discipline\.json: group: Invalid option/),
    ]);
  });

  it('names an input that is in no content area', () => {
    const broken = minimal('lsc', [titleInput, { name: 'orphan', type: 'text', view: { label: 'Orphan' } }]);
    broken.contentAreas[0]!.inputs = ['title'];
    expect(() => loadStencils(stencilFolder({ 'lsc.json': broken }))).toThrow('stencils/lsc.json: contentAreas: input "orphan" is in no content area');
  });

  it('refuses a file that is not JSON', () => {
    expect(() => loadStencils(stencilFolder({ 'lsc.json': '{ "name": "lsc",' }))).toThrow(/^stencils\/lsc\.json: not valid JSON/);
  });

  it('refuses a stencil whose file is named otherwise, so no two files define one stencil', () => {
    const files = { 'lsc.json': minimal('lsc', [titleInput]), 'lsc-copy.json': minimal('lsc', [titleInput]) };
    expect(() => loadStencils(stencilFolder(files))).toThrow('stencils/lsc-copy.json: name: the stencil "lsc" belongs in a file named lsc.json');
  });

  it('refuses a reference to a stencil that does not exist, also inside containers', () => {
    const tag = minimal('tag', [
      titleInput,
      { name: 'broader', type: 'asset', constraints: { stencils: ['tag', 'topic'] }, view: { label: 'Broader' } },
      {
        name: 'links',
        type: 'container',
        constraints: { properties: [{ name: 'link', type: 'asset', constraints: { stencils: ['page'] }, view: { label: 'Link' } }] },
        view: { label: 'Links' },
      },
    ]);
    expect(loadError(stencilFolder({ 'tag.json': tag })).split('\n')).toEqual([
      'stencils/tag.json: inputs.1.constraints.stencils.1: no stencil named "topic"',
      'stencils/tag.json: inputs.2.constraints.properties.0.constraints.stencils.0: no stencil named "page"',
    ]);
  });

  it('refuses a folder without stencils', () => {
    expect(() => loadStencils(stencilFolder({}))).toThrow('no stencil files');
  });
});

const PROMOTER: TestUser = {
  sub: 'promoter',
  name: 'Paula Promoter',
  rights: { roles: ['content-editor', 'onsite-promotion-editor'], spaces: ['rbcom'], localizations: ['en'] },
};

/** The stencils the user may create in the space and locale, as the list call answers them. */
async function list(app: TestApp, user: TestUser, space: string, localization: string) {
  const response = await app.app.inject({ method: 'GET', url: '/api/v1/stencils', query: { space, localization }, headers: await app.auth(user) });
  expect(response.statusCode).toBe(200);
  return stencilSummarySchema.array().parse(response.json());
}
const names = async (...args: Parameters<typeof list>) => (await list(...args)).map((stencil) => stencil.name);

describe.each(DIALECTS)('stencil calls (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('offers an editor in rbcom/en the editorial stencils, but not those of other spaces, roles or features', async () => {
    const offered = await names(t, EDITOR, 'rbcom', 'en');
    expect(offered).toEqual(expect.arrayContaining(['story', 'video', 'image', 'image-gallery', 'event-profile', 'athlete', 'podcast-episode']));
    for (const name of ['film', 'show', 'content-hub', 'onsite-promotion', 'occasion-campaign', 'discipline', 'tag']) {
      expect(offered).not.toContain(name);
    }
  });

  it('answers each stencil as name, label, icon, group and previewable, in group order then by label', async () => {
    const offered = await list(t, EDITOR, 'rbcom', 'en');
    expect(offered.find((stencil) => stencil.name === 'story')).toEqual({
      name: 'story',
      label: 'Story',
      icon: 'article',
      group: 'Editorial',
      previewable: true,
    });
    const sorted = offered.toSorted(
      (a, b) => STENCIL_GROUPS.indexOf(a.group) - STENCIL_GROUPS.indexOf(b.group) || a.label.localeCompare(b.label, 'en'),
    );
    expect(offered).toEqual(sorted);
  });

  it('offers nothing in a space or locale the user does not hold', async () => {
    expect(await names(t, EDITOR, 'rbtv', 'en')).toEqual([]);
    expect(await names(t, EDITOR, 'rbcom', 'ja')).toEqual([]);
  });

  it('offers film and show to a tv creator in rbtv', async () => {
    const offered = await names(t, TV, 'rbtv', 'en');
    expect(offered).toEqual(expect.arrayContaining(['film', 'show', 'story']));
    expect(offered).not.toContain('content-hub');
  });

  it('offers content-hub to a hub manager in illume only', async () => {
    expect(await names(t, HUB, 'illume', 'en')).toContain('content-hub');
  });

  it('offers a curator, who is not a creator, nothing', async () => {
    expect(await names(t, CURATOR, 'rbcom', 'en')).toEqual([]);
  });

  it('keeps onsite-promotion hidden while its feature is off, even for an onsite-promotion editor', async () => {
    expect(await names(t, PROMOTER, 'rbcom', 'en')).not.toContain('onsite-promotion');
  });

  it('refuses a list without space or localization with 400', async () => {
    const headers = await t.auth(EDITOR);
    const cases: Array<[Record<string, string>, string]> = [
      [{ localization: 'en' }, 'space'],
      [{ space: 'rbcom' }, 'localization'],
      [{ space: '', localization: 'en' }, 'space'],
    ];
    for (const [query, missing] of cases) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/stencils', query, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, messages: [expect.stringMatching(new RegExp(`^${missing}: `))] });
    }
  });

  it('answers the full definition of any stencil to any signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/stencils/film', headers: await t.auth(CURATOR) });
    expect(response.statusCode).toBe(200);
    const film = stencilDefinitionSchema.parse(response.json());
    expect(film).toMatchObject({ name: 'film', spaces: ['rbtv'], titleInput: 'title' });
    expect(film.inputs.map((input) => input.name)).toContain('video');
  });

  it('answers 404 for an unknown stencil and 401 without sign-in', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/stencils/no-such-stencil', headers: await t.auth(EDITOR) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, messages: ['No stencil named "no-such-stencil".'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/stencils?space=rbcom&localization=en' })).statusCode).toBe(401);
  });
});

// Its own suite, after the one above has closed its app: two PostgreSQL test schemas at once confuse the migrator.
describe.each(DIALECTS)('stencil calls with the onsite-promotion feature on (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { FEATURES: 'onsite-promotion' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('offers onsite-promotion to onsite-promotion editors only', async () => {
    expect(await names(t, PROMOTER, 'rbcom', 'en')).toContain('onsite-promotion');
    expect(await names(t, EDITOR, 'rbcom', 'en')).not.toContain('onsite-promotion');
  });
});
