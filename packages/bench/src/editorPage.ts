import { chromium, type Page } from 'playwright-core';
import { buildLongStory } from './longStory.ts';
import { startWebAppServer } from './webAppServer.ts';

/*
 * The editor page in Chromium (spec 002 §2): how long a long story takes to become editable, and how long a keystroke
 * in it takes to reach the screen. Figures are printed, never asserted. Times are taken in the page, so the test
 * harness's own round trips do not count: `performance.now()` counts from the start of the navigation, and an input
 * event's `timeStamp` is when the browser received the key press or click.
 */

const LOCALE = 'en';
const SPACE = 'rbcom';
const USER = 'editor';
/** The typed text: plain ASCII, so every character is a real key press, and nothing that a rich-text input rule rewrites. */
const TYPED_SENTENCE = ' The second dive was cleaner, and the judges on the rocks saw it at once';
const WAIT_MS = 60_000;
const SETTLE_MS = 500;

/** What the page records while the editor opens, each in ms since the navigation started. */
interface OpeningMarks {
  titleReadyAt?: number;
  paragraphShownAt?: number;
  paragraphPointerDownAt?: number;
  paragraphFocusAt?: number;
}

declare global {
  interface Window {
    __benchOpening?: OpeningMarks;
    /** Per keystroke: ms from the key press to the end of the frame that shows it. */
    __benchKeyLatencies?: number[];
    /** The next click or key press, from its event to the end of the frame that shows its answer. */
    __benchNextEvent?: Promise<number>;
  }
}

export interface EditorFigures {
  elements: number;
  /** Per opening, ms since the navigation started: the title input visible and enabled. */
  titleReady: number[];
  /** The text of the first paragraph on screen (static or editor). */
  paragraphShown: number[];
  /** From the click on the first paragraph until its rich-text editor has the focus. */
  clickToFocus: number[];
  /** Title ready and first paragraph shown, plus the click's answer: when a person could start typing. */
  interactive: number[];
  keystrokes: number[];
  /** Mid-story: a click on an item's Remove, then on a choice of an item's 'Add above', until the frame that shows it. */
  removes: number[];
  adds: number[];
  /** An item moved one place down with the keyboard: from the key press that drops it to the frame that shows it. */
  reorders: number[];
  /** The same keystroke probe in a plain contenteditable on an empty page: what the browser and machine cost alone. */
  baselineKeystrokes: number[];
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Signs in through the embedded provider as a person does; returns the token the app then calls its API with. */
async function signIn(page: Page, url: string): Promise<string> {
  const firstApiCall = page.waitForRequest((request) => Boolean(request.headers().authorization) && new URL(request.url()).pathname.startsWith('/api/'), { timeout: WAIT_MS });
  await page.goto(url);
  await page.getByLabel('Username').fill(USER);
  await page.getByLabel('Password').fill(USER);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Editor App').first().waitFor({ timeout: WAIT_MS });
  return (await firstApiCall).headers().authorization ?? '';
}

async function createStory(url: string, authorization: string, content: Record<string, { value: unknown }>): Promise<{ id: string; stencil: string }> {
  const answer = await fetch(`${url}/api/v1/assets/-/localizations/${LOCALE}?space=${SPACE}&container.stencil=story`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ content }),
  });
  if (answer.status !== 201) throw new Error(`Creating the story failed: ${answer.status} ${await answer.text()}`);
  const created = (await answer.json()) as { id: string };
  return { id: created.id, stencil: 'story' };
}

/**
 * Runs in every document before the app: records the first click on, and the first focus in, the first paragraph.
 * Both the static view and the rich-text editor of a paragraph are role="textbox".
 */
function recordParagraphEvents(start: string) {
  const marks: OpeningMarks = {};
  window.__benchOpening = marks;
  document.addEventListener(
    'pointerdown',
    (event) => {
      const textbox = event.target instanceof Element ? event.target.closest('[role="textbox"]') : null;
      if (marks.paragraphPointerDownAt === undefined && (textbox?.textContent ?? '').includes(start)) marks.paragraphPointerDownAt = event.timeStamp;
    },
    true,
  );
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (marks.paragraphFocusAt !== undefined || !(target instanceof HTMLElement) || !target.isContentEditable) return;
      if ((target.textContent ?? '').includes(start)) marks.paragraphFocusAt = performance.now();
    },
    true,
  );
}

/** Polls once a frame, noting when the first input labelled Title is visible and enabled and when the first paragraph shows. */
async function waitForTitleAndParagraph(page: Page, start: string): Promise<void> {
  await page.waitForFunction(
    (text) => {
      const marks = window.__benchOpening;
      if (!marks) return false;
      if (marks.titleReadyAt === undefined) {
        const label = [...document.querySelectorAll('label')].find((candidate) => candidate.textContent?.replace('*', '').trim() === 'Title');
        const input = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
        if (input instanceof HTMLInputElement && !input.disabled && !input.readOnly && input.checkVisibility()) marks.titleReadyAt = performance.now();
      }
      if (marks.paragraphShownAt === undefined) {
        const paragraph = [...document.querySelectorAll('p')].find((candidate) => (candidate.textContent ?? '').includes(text));
        if (paragraph?.checkVisibility()) marks.paragraphShownAt = performance.now();
      }
      return marks.titleReadyAt !== undefined && marks.paragraphShownAt !== undefined;
    },
    start,
    { polling: 'raf', timeout: WAIT_MS },
  );
}

/** Clicks a paragraph, as a person starts editing it; it may show as static text until then. Waits for the focus. */
async function focusParagraph(page: Page, start: string): Promise<void> {
  await page.getByText(start).first().click({ timeout: WAIT_MS });
  const editor = page.locator('[contenteditable="true"]').filter({ hasText: start }).first();
  await editor.waitFor({ state: 'visible', timeout: WAIT_MS });
  if (!(await editor.evaluate((element) => element.contains(document.activeElement)))) await editor.click();
  await page.waitForFunction(
    (text) => document.activeElement instanceof HTMLElement && document.activeElement.isContentEditable && (document.activeElement.textContent ?? '').includes(text),
    start,
    { polling: 'raf', timeout: WAIT_MS },
  );
}

async function openEditor(page: Page, editorUrl: string, firstParagraphStart: string): Promise<Required<OpeningMarks>> {
  await page.goto(editorUrl, { waitUntil: 'commit' });
  await waitForTitleAndParagraph(page, firstParagraphStart);
  await focusParagraph(page, firstParagraphStart);
  const marks = await page.evaluate(() => window.__benchOpening);
  const { titleReadyAt, paragraphShownAt, paragraphPointerDownAt, paragraphFocusAt } = marks ?? {};
  if (titleReadyAt === undefined || paragraphShownAt === undefined || paragraphPointerDownAt === undefined || paragraphFocusAt === undefined) {
    throw new Error(`The page did not record every step of opening the editor: ${JSON.stringify(marks)}`);
  }
  return { titleReadyAt, paragraphShownAt, paragraphPointerDownAt, paragraphFocusAt };
}

/**
 * Types `count` characters where the focus is. Each key press is timed in the page from its event's time stamp to
 * just after the next frame: a requestAnimationFrame callback runs before the frame is painted, and a message posted
 * from it is delivered once the frame is done. Keys land at any moment of a 16.7 ms frame, so even an idle page
 * reads about half a frame on average (the baseline row shows it).
 */
async function typeAndTime(page: Page, input: { count: number; keyDelayMs: number }): Promise<number[]> {
  await page.evaluate(() => {
    window.__benchKeyLatencies = [];
    document.addEventListener(
      'keydown',
      (event) => {
        const pressedAt = event.timeStamp;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.addEventListener('message', () => window.__benchKeyLatencies?.push(performance.now() - pressedAt), { once: true });
          channel.port1.start();
          channel.port2.postMessage(undefined);
        });
      },
      true,
    );
  });
  const text = TYPED_SENTENCE.repeat(Math.ceil(input.count / TYPED_SENTENCE.length)).slice(0, input.count);
  await page.keyboard.type(text, { delay: input.keyDelayMs });
  await page.waitForFunction((count) => (window.__benchKeyLatencies?.length ?? 0) >= count, input.count, { polling: 'raf', timeout: WAIT_MS });
  const typed = await page.evaluate((tail) => (document.activeElement?.textContent ?? '').includes(tail), text.slice(-24));
  if (!typed) throw new Error('The typed text did not arrive where the focus is; the latencies would not mean anything.');
  return (await page.evaluate(() => window.__benchKeyLatencies ?? [])).slice(0, input.count);
}

/** Arms a probe for the next event of `type`: from its time stamp to the end of the frame after it (as `typeAndTime`). */
async function armNextEvent(page: Page, type: 'click' | 'keydown'): Promise<void> {
  await page.evaluate((eventType) => {
    window.__benchNextEvent = new Promise((resolve) => {
      document.addEventListener(
        eventType,
        (event) => {
          const at = event.timeStamp;
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.addEventListener('message', () => resolve(performance.now() - at), { once: true });
            channel.port1.start();
            channel.port2.postMessage(undefined);
          });
        },
        { capture: true, once: true },
      );
    });
  }, type);
}

const nextEventLatency = (page: Page) => page.evaluate(() => window.__benchNextEvent ?? Promise.reject(new Error('No event probe armed')));
const itemCount = (page: Page) => page.locator('button[aria-label^="Reorder "]').count();

/**
 * Removes, adds and moves items in the middle of the story, `rounds` times each, timing the click or key press that
 * does it. Each step checks that it happened (the item count, the moved item's new place), or its time would mean nothing.
 */
async function editAndTime(page: Page, input: { elements: number; rounds: number }): Promise<Pick<EditorFigures, 'removes' | 'adds' | 'reorders'>> {
  const figures = { removes: [] as number[], adds: [] as number[], reorders: [] as number[] };
  const middle = Math.floor(input.elements / 2);
  // Edits count the items: wait until the story has rendered all of them.
  await page.waitForFunction((last) => document.querySelector(`button[aria-label^="Remove "][aria-label$=" ${last}"]`) !== null, input.elements, { timeout: WAIT_MS });
  const item = (action: string, position: number) => page.locator(`button[aria-label^="${action} "][aria-label$=" ${position}"]`).first();
  for (let round = 0; round < input.rounds; round++) {
    const position = middle + round;
    const before = await itemCount(page);
    await item('Remove', position).scrollIntoViewIfNeeded();
    await armNextEvent(page, 'click');
    await item('Remove', position).click();
    figures.removes.push(await nextEventLatency(page));
    if ((await itemCount(page)) !== before - 1) throw new Error('Remove did not remove an item.');

    await item('Add above', position).click();
    const toolbar = page.getByRole('toolbar', { name: new RegExp(`^Add above .* ${position}$`) });
    await armNextEvent(page, 'click');
    await toolbar.getByRole('button').first().click();
    figures.adds.push(await nextEventLatency(page));
    if ((await itemCount(page)) !== before) throw new Error('Add above did not add an item.');

    const handle = item('Reorder', position);
    await handle.focus();
    // The drag measures the items after the lift, and a move before that has nowhere to go.
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-pressed') === 'true', undefined, { timeout: WAIT_MS });
    await sleep(300);
    await page.keyboard.press('ArrowDown');
    await sleep(300);
    await armNextEvent(page, 'keydown');
    await page.keyboard.press('Space');
    figures.reorders.push(await nextEventLatency(page));
    await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label')?.endsWith(label) === true, ` ${position + 1}`, { timeout: WAIT_MS });
    await sleep(100);
  }
  return figures;
}

/**
 * Opens a story of `elements` story-content elements `runs` times (after one warm-up opening that fills the browser
 * cache), then types `keystrokes` characters into a paragraph in the middle of it.
 */
export async function benchmarkEditorPage(input: { elements: number; runs: number; keystrokes: number; keyDelayMs: number; edits: number }): Promise<EditorFigures> {
  const server = await startWebAppServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    // Reloading an editor with unsaved changes asks first; nothing here should leave changes, but never wait on it.
    page.on('dialog', (dialog) => void dialog.accept());
    const authorization = await signIn(page, server.url);
    const embedded = await createStory(server.url, authorization, { title: { value: 'Mostar: the venue' } });
    const story = buildLongStory({ elements: input.elements, embedded });
    const { id } = await createStory(server.url, authorization, story.content);
    const editorUrl = `${server.url}/assets/${id}/localizations/${LOCALE}/edit`;
    await page.addInitScript(recordParagraphEvents, story.firstParagraphStart);

    const figures: EditorFigures = { elements: input.elements, titleReady: [], paragraphShown: [], clickToFocus: [], interactive: [], keystrokes: [], removes: [], adds: [], reorders: [], baselineKeystrokes: [] };
    await openEditor(page, editorUrl, story.firstParagraphStart);
    for (let run = 0; run < input.runs; run++) {
      const marks = await openEditor(page, editorUrl, story.firstParagraphStart);
      const clickToFocus = marks.paragraphFocusAt - marks.paragraphPointerDownAt;
      figures.titleReady.push(marks.titleReadyAt);
      figures.paragraphShown.push(marks.paragraphShownAt);
      figures.clickToFocus.push(clickToFocus);
      // A person clicks once both are on screen; how long the harness took to click does not count.
      figures.interactive.push(Math.max(marks.titleReadyAt, marks.paragraphShownAt) + clickToFocus);
    }

    await focusParagraph(page, story.middleParagraphStart);
    await page.keyboard.press('End');
    // Let the work of the click settle before the first key.
    await sleep(SETTLE_MS);
    const profiler = process.env.BENCH_EDITOR_PROFILE ? await startProfiler(page) : undefined;
    figures.keystrokes = await typeAndTime(page, { count: input.keystrokes, keyDelayMs: input.keyDelayMs });
    if (profiler) console.log(await profiler.stopAndSummarise());
    const editProfiler = process.env.BENCH_EDITOR_PROFILE ? await startProfiler(page) : undefined;
    Object.assign(figures, await editAndTime(page, { elements: input.elements, rounds: input.edits }));
    if (editProfiler) console.log(`removing, adding and moving items:\n${await editProfiler.stopAndSummarise()}`);
    await page.close();

    const blank = await context.newPage();
    await blank.setContent('<div contenteditable="true" style="font: 16px sans-serif; padding: 8px">Baseline</div>');
    await blank.locator('[contenteditable]').click();
    await blank.keyboard.press('End');
    await sleep(SETTLE_MS);
    figures.baselineKeystrokes = await typeAndTime(blank, { count: input.keystrokes, keyDelayMs: input.keyDelayMs });
    return figures;
  } finally {
    await browser.close();
    await server.close();
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/**
 * `BENCH_EDITOR_PROFILE=1`: samples the page's JavaScript while typing and prints where the time went, by function
 * (self time), to find what a keystroke costs.
 */
async function startProfiler(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  await session.send('Performance.enable');
  const traceEvents: Array<{ name: string; dur?: number; ph: string; tid: number; args?: { data?: { type?: string } } }> = [];
  session.on('Tracing.dataCollected', (data) => {
    traceEvents.push(...(data.value as unknown as typeof traceEvents));
  });
  const traceDone = new Promise<void>((resolve) => session.on('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  const metricsOf = async () => {
    const { metrics } = (await session.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
    return new Map(metrics.map((metric) => [metric.name, metric.value]));
  };
  const before = await metricsOf();
  return {
    async stopAndSummarise(): Promise<string> {
      const after = await metricsOf();
      await session.send('Tracing.end');
      await traceDone;
      // The renderer's main thread is the one that runs the page's script.
      const scriptThreads = new Map<number, number>();
      for (const event of traceEvents) if (event.name === 'FunctionCall' || event.name === 'EventDispatch') scriptThreads.set(event.tid, (scriptThreads.get(event.tid) ?? 0) + 1);
      const mainThread = [...scriptThreads].toSorted((a, b) => b[1] - a[1])[0]?.[0];
      const byEvent = new Map<string, number>();
      for (const event of traceEvents) {
        if (event.ph !== 'X' || event.tid !== mainThread || event.dur === undefined) continue;
        const name = event.name === 'EventDispatch' ? `EventDispatch ${event.args?.data?.type ?? ''}` : event.name;
        byEvent.set(name, (byEvent.get(name) ?? 0) + event.dur / 1000);
      }
      const events = [...byEvent].toSorted((a, b) => b[1] - a[1]).slice(0, 15).map(([name, ms]) => `${ms.toFixed(1).padStart(9)}  ${name}`);
      const durations = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration', 'LayoutCount', 'RecalcStyleCount', 'Nodes'].map(
        (name) => `${name} ${(((after.get(name) ?? 0) - (name === 'Nodes' ? 0 : (before.get(name) ?? 0))) * (name.endsWith('Duration') ? 1000 : 1)).toFixed(1)}`,
      );
      const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[] } };
      const perSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
      const byFunction = new Map<string, number>();
      for (const node of profile.nodes) {
        const { functionName, url, lineNumber } = node.callFrame;
        const name = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
        byFunction.set(name, (byFunction.get(name) ?? 0) + (node.hitCount ?? 0) * perSample);
      }
      const top = [...byFunction].toSorted((a, b) => b[1] - a[1]).slice(0, 25);
      const inclusiveAll = [...inclusiveTimes(profile, perSample)].toSorted((a, b) => b[1] - a[1]);
      const inclusive = inclusiveAll.slice(0, 40);
      // Function components are the capitalised functions outside React's own chunk; readable names need an unminified build.
      const components = inclusiveAll.filter(([name]) => /^[A-Z]\w+ /.test(name) && !name.includes(' react-')).slice(0, 25);
      return [
        `while typing: ${durations.join(', ')} (durations in ms)`,
        'main-thread trace events (ms, nested events counted in each):',
        ...events,
        'self time while typing (ms):',
        ...top.map(([name, ms]) => `${ms.toFixed(1).padStart(9)}  ${name}`),
        'time with callees while typing (ms):',
        ...inclusive.map(([name, ms]) => `${ms.toFixed(1).padStart(9)}  ${name}`),
        'components, time with callees while typing (ms):',
        ...components.map(([name, ms]) => `${ms.toFixed(1).padStart(9)}  ${name}`),
      ].join('\n');
    },
  };
}

/** Per function, the sampled time it was on the stack (itself or a callee), each sample counted once per function. */
function inclusiveTimes(profile: { nodes: ProfileNode[]; samples: number[] }, perSample: number): Map<string, number> {
  const nameOf = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop() ?? ''}:${node.callFrame.lineNumber + 1}`;
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const nodeOf = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  for (const sample of profile.samples) {
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parentOf.get(id)) {
      const node = nodeOf.get(id);
      if (node) seen.add(nameOf(node));
    }
    for (const name of seen) totals.set(name, (totals.get(name) ?? 0) + perSample);
  }
  for (const name of ['(root) :0', '(idle) :0', '(program) :0']) totals.delete(name);
  return totals;
}

/** Nearest-rank percentile. */
function percentile(values: readonly number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-').padStart(8);

/** One cell: p50 / p95 / max. */
const cell = (values: readonly number[]) => (values.length === 0 ? '-' : `${ms(percentile(values, 50)).trim()} / ${ms(percentile(values, 95)).trim()} / ${ms(Math.max(...values)).trim()}`).padStart(26);

const EDITOR_MEASURES: readonly { name: string; of: (figures: EditorFigures) => readonly number[]; target: string }[] = [
  { name: 'open → title enabled', of: (figures) => figures.titleReady, target: '' },
  { name: 'open → first paragraph shown', of: (figures) => figures.paragraphShown, target: '' },
  { name: 'click → paragraph focused', of: (figures) => figures.clickToFocus, target: '' },
  { name: 'open → interactive', of: (figures) => figures.interactive, target: 'p95 < 1000 (1,000), < 2000 (3,000)' },
  { name: 'keystroke → paint, mid-story paragraph', of: (figures) => figures.keystrokes, target: 'p95 < 16, max < 50 (1,000)' },
  { name: 'remove an item → paint', of: (figures) => figures.removes, target: 'p95 < 16.7 (1,000)' },
  { name: 'add an item → paint', of: (figures) => figures.adds, target: 'p95 < 16.7 (1,000)' },
  { name: 'reorder an item (keyboard drop) → paint', of: (figures) => figures.reorders, target: 'p95 < 16.7 (1,000)' },
  { name: 'keystroke → paint, empty page (baseline)', of: (figures) => figures.baselineKeystrokes, target: '' },
];

/** The editor's figures of each story size side by side, each cell p50 / p95 / max in ms. */
export function formatEditorTable(runs: readonly EditorFigures[]): string[] {
  const header = `${'editor page (Chromium), p50 / p95 / max ms'.padEnd(42)}${runs.map((figures) => `${figures.elements} elements`.padStart(26)).join('')}  target`;
  return [header, ...EDITOR_MEASURES.map((measure) => `${measure.name.padEnd(42)}${runs.map((figures) => cell(measure.of(figures))).join('')}  ${measure.target}`.trimEnd())];
}
