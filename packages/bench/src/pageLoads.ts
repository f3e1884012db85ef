import { chromium, type CDPSession, type Page, type Request } from 'playwright-core';
import { LIVE_PATH } from '@editor/domain';
import { startWebAppServer } from './webAppServer.ts';

/*
 * The first load of each route in Chromium, as a person who just signed in opens it with an empty cache: the bytes of
 * JavaScript and CSS that crossed the network (compressed, as sent), all bytes, and the time from the navigation to the
 * first card (All Content) or to the editable title (the editor). Twice: over https (a TLS proxy with a throw-away
 * certificate), where Chromium takes brotli as from a real deployment, and over http asking for gzip only, as Chromium
 * does from a plain-http host (to `http://localhost` it would ask for brotli too). Printed, never asserted.
 */

const USER = 'editor';
const WAIT_MS = 60_000;
/** Budgets of the issue: JS+CSS on the wire at the first load. */
export const BUDGET_KIB = { allContent: 200, editor: 400 } as const;

export interface PageLoad {
  route: string;
  /** How the browser reached the server, and so which compression it accepted. */
  transport: 'http (gzip)' | 'https (br)';
  /** JavaScript and CSS as transferred (after compression), in bytes. */
  scriptAndStyleBytes: number;
  /** The same files uncompressed. */
  scriptAndStyleDecodedBytes: number;
  /** Everything the load transferred (documents, calls, images...). */
  totalBytes: number;
  /** Each JavaScript and CSS file with its bytes as sent, largest first: where the weight is. */
  scriptAndStyleFiles: { file: string; bytes: number }[];
  requests: number;
  /** ms from the navigation to what the route is for: the first card, or the editable title. */
  readyMs: number;
  budgetKib?: number;
}

/** Counts what the network delivered from now on, per resource type, through the DevTools protocol. */
async function recordTransfers(session: CDPSession) {
  const responses = new Map<string, { type: string; url: string }>();
  const totals = { scriptAndStyle: 0, all: 0, requests: 0, files: [] as { file: string; bytes: number }[] };
  session.on('Network.responseReceived', (event) => responses.set(event.requestId, { type: event.type, url: event.response.url }));
  session.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    totals.all += event.encodedDataLength;
    totals.requests += 1;
    if (response?.type !== 'Script' && response?.type !== 'Stylesheet') return;
    totals.scriptAndStyle += event.encodedDataLength;
    totals.files.push({ file: new URL(response.url).pathname, bytes: event.encodedDataLength });
  });
  await session.send('Network.enable');
  return totals;
}

async function signIn(page: Page, url: string): Promise<string> {
  const firstApiCall = page.waitForRequest((request) => Boolean(request.headers().authorization) && new URL(request.url()).pathname.startsWith('/api/'), { timeout: WAIT_MS });
  await page.goto(url);
  await page.getByLabel('Username').fill(USER);
  await page.getByLabel('Password').fill(USER);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Editor App').first().waitFor({ timeout: WAIT_MS });
  return (await firstApiCall).headers().authorization ?? '';
}

/** Through the page's request context, which trusts the https proxy's throw-away certificate as the page does. */
async function createStory(page: Page, input: { url: string; authorization: string; title: string }): Promise<string> {
  const answer = await page.request.post(`${input.url}/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story`, {
    headers: { authorization: input.authorization, 'content-type': 'application/json' },
    data: { content: { title: { value: input.title } } },
  });
  if (answer.status() !== 201) throw new Error(`Creating a story failed: ${answer.status()} ${await answer.text()}`);
  return ((await answer.json()) as { id: string }).id;
}

/** How long a page has no request under way before its loading counts as over (Playwright's network idle). */
const SETTLED_MS = 500;
const isLiveStream = (request: Request) => new URL(request.url()).pathname === LIVE_PATH;

/**
 * The page's requests under way, but the live updates' stream, which stays open while the page is shown (so the
 * network is never idle): `settled` resolves once none has been under way for half a second.
 */
function pendingRequestsOf(page: Page) {
  const pending = new Set<Request>();
  const onRequest = (request: Request) => {
    if (!isLiveStream(request)) pending.add(request);
  };
  const onDone = (request: Request) => pending.delete(request);
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  return {
    async settled(): Promise<void> {
      const deadline = Date.now() + WAIT_MS;
      let quietSince = Date.now();
      while (Date.now() < deadline && Date.now() - quietSince < SETTLED_MS) {
        if (pending.size > 0) quietSince = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      page.off('request', onRequest);
      page.off('requestfinished', onDone);
      page.off('requestfailed', onDone);
    },
  };
}

/** Loads `path` with an empty cache (signed in already) and waits until `isReady` holds in the page. */
async function loadRoute(
  page: Page,
  input: { url: string; path: string; route: string; transport: PageLoad['transport']; isReady: () => boolean; budgetKib?: number },
): Promise<PageLoad> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await page.goto('about:blank');
  const totals = await recordTransfers(session);
  const pending = pendingRequestsOf(page);
  await page.goto(`${input.url}${input.path}`, { waitUntil: 'commit' });
  await page.waitForFunction(input.isReady, undefined, { polling: 'raf', timeout: WAIT_MS });
  const readyMs = await page.evaluate(() => performance.now());
  // Files the route loads right after it shows (lazy chunks asked for at once) count too.
  await pending.settled();
  await session.detach();
  // The page's own resource timings know each file's size once decoded.
  const decoded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /\.(js|css)(\?|$)/.test(entry.name))
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).decodedBodySize, 0),
  );
  return {
    route: input.route,
    transport: input.transport,
    scriptAndStyleBytes: totals.scriptAndStyle,
    scriptAndStyleDecodedBytes: decoded,
    totalBytes: totals.all,
    scriptAndStyleFiles: totals.files.sort((a, b) => b.bytes - a.bytes),
    requests: totals.requests,
    readyMs: Math.round(readyMs),
    ...(input.budgetKib ? { budgetKib: input.budgetKib } : {}),
  };
}

/** Signs in, then loads All Content and the editor of a story, each `runs` times with an empty cache. */
export async function benchmarkPageLoads(options: { runs: number; https: boolean }): Promise<PageLoad[]> {
  const server = await startWebAppServer({ https: options.https });
  const transport = options.https ? 'https (br)' : 'http (gzip)';
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      ignoreHTTPSErrors: true,
      ...(options.https ? {} : { extraHTTPHeaders: { 'accept-encoding': 'gzip, deflate' } }),
    });
    const page = await context.newPage();
    const authorization = await signIn(page, server.url);
    const storyId = await createStory(page, { url: server.url, authorization, title: 'A story for the page loads' });
    const loads: PageLoad[] = [];
    for (let run = 0; run < options.runs; run++) {
      loads.push(
        await loadRoute(page, {
          url: server.url,
          path: '/all-content',
          route: 'All Content (first card)',
          transport,
          budgetKib: BUDGET_KIB.allContent,
          isReady: () => document.querySelector('article') !== null,
        }),
      );
      loads.push(
        await loadRoute(page, {
          url: server.url,
          path: `/assets/${storyId}/localizations/en/edit`,
          route: 'Editor (editable title)',
          transport,
          budgetKib: BUDGET_KIB.editor,
          isReady: () => {
            const label = [...document.querySelectorAll('label')].find((candidate) => candidate.textContent?.replace('*', '').trim() === 'Title');
            const input = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
            return input instanceof HTMLInputElement && !input.disabled && !input.readOnly && input.checkVisibility();
          },
        }),
      );
    }
    await context.close();
    return loads;
  } finally {
    await browser.close();
    await server.close();
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export const PAGE_LOADS_HEADER = 'route                        | transport   | JS+CSS sent | JS+CSS decoded | all sent   | requests | ready ms | budget';

/** The files of one load, for BENCH_PAGE_FILES=1. */
export function formatPageLoadFiles(load: PageLoad): string[] {
  return load.scriptAndStyleFiles.map((entry) => `    ${kib(entry.bytes).padStart(10)}  ${entry.file}`);
}

export function formatPageLoad(load: PageLoad): string {
  const budget = load.budgetKib ? `${load.scriptAndStyleBytes / 1024 <= load.budgetKib ? 'within' : 'OVER'} ${load.budgetKib} KiB` : '';
  return `${load.route.padEnd(28)} | ${load.transport.padEnd(11)} | ${kib(load.scriptAndStyleBytes).padStart(11)} | ${kib(load.scriptAndStyleDecodedBytes).padStart(14)} | ${kib(load.totalBytes).padStart(10)} | ${String(load.requests).padStart(8)} | ${String(load.readyMs).padStart(8)} | ${budget}`;
}
