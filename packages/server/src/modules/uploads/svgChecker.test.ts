import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { XML_DECLARATION } from './sanitizeSvg.ts';
import { SVG_TOO_COMPLEX } from './scanSvg.ts';
import { SVG_CHECK_BUSY, SVG_CHECK_FAILED, SVG_TOO_SLOW, createSvgChecker, type SvgChecker } from './svgChecker.ts';

const OPEN = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">';
const SMALL = `${OPEN}<rect width="40" height="20" onclick="alert(1)"/></svg>`;
/** Within the default limits, and some seconds of work for the checking thread. */
const HEAVY = `${OPEN}${'<path id="p" class="c" d="M0 0L10 10" fill="red"/>'.repeat(45_000)}</svg>`;

let folder: string;
let written = 0;
const checkers: SvgChecker[] = [];
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'svg-checker-'));
});
afterEach(async () => {
  await Promise.all(checkers.splice(0).map((checker) => checker.close()));
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const fileOf = (text: string) => {
  const file = path.join(folder, `${written++}.svg`);
  fs.writeFileSync(file, text);
  return file;
};
const checkerOf = (options: Parameters<typeof createSvgChecker>[0] = {}) => {
  const checker = createSvgChecker(options);
  checkers.push(checker);
  return checker;
};
/** The error a check ends with, or undefined when it succeeds. */
const failureOf = async (checking: Promise<Buffer>) =>
  checking.then(
    () => undefined,
    (error: unknown) => error as { status?: number; messages?: string[] },
  );

describe('checking SVGs on a thread of their own', () => {
  it('answers the cleaned SVG, and keeps its thread for the next one', async () => {
    const checker = checkerOf();
    const cleaned = (await checker.check(fileOf(SMALL))).toString('utf8');
    expect(cleaned).toBe(`${XML_DECLARATION}\n${OPEN}<rect width="40" height="20"/></svg>\n`);
    expect(await checker.check(fileOf(SMALL))).toEqual(Buffer.from(cleaned));
    expect(checker.threadCount()).toBe(1);
  });

  it('refuses 2,400,000 empty groups with 400 by counting them, and goes on', async () => {
    const checker = checkerOf();
    const failure = await failureOf(checker.check(fileOf(`${OPEN}${'<g/>'.repeat(2_400_000)}</svg>`)));
    expect(failure).toMatchObject({ status: 400, messages: [SVG_TOO_COMPLEX] });
    expect(await failureOf(checker.check(fileOf(SMALL)))).toBeUndefined();
  });

  it('refuses a file that fills the thread’s heap with 400, and replaces the thread', async () => {
    // Limits far above the default let the tree be built, into a heap too small for it.
    const limits = { maxElements: 10_000_000, maxDepth: 256, maxAttributes: 10_000_000, maxReferences: 100 };
    const checker = checkerOf({ heapMb: 16, limits });
    const failure = await failureOf(checker.check(fileOf(`${OPEN}${'<g a="1" b="2"/>'.repeat(500_000)}</svg>`)));
    expect(failure).toMatchObject({ status: 400, messages: [SVG_TOO_COMPLEX] });
    expect(checker.threadCount()).toBe(0);
    expect(await failureOf(checker.check(fileOf(SMALL)))).toBeUndefined();
    expect(checker.threadCount()).toBe(1);
  });

  it('refuses a file that takes longer than the time limit with 400, and replaces the thread', async () => {
    const checker = checkerOf({ timeoutMs: 100 });
    expect(await failureOf(checker.check(fileOf(HEAVY)))).toMatchObject({ status: 400, messages: [SVG_TOO_SLOW] });
    expect(await failureOf(checker.check(fileOf(SMALL)))).toBeUndefined();
  });

  it('stops a thread that has been idle, and starts one again for the next file', async () => {
    const checker = checkerOf({ idleMs: 50 });
    expect(await failureOf(checker.check(fileOf(SMALL)))).toBeUndefined();
    await expect.poll(() => checker.threadCount()).toBe(0);
    expect(await failureOf(checker.check(fileOf(SMALL)))).toBeUndefined();
  });

  it('answers 503 when too many files wait, and after it was closed', async () => {
    const checker = checkerOf({ maxWaiting: 1 });
    const first = checker.check(fileOf(SMALL));
    expect(await failureOf(checker.check(fileOf(SMALL)))).toMatchObject({ status: 503, messages: [SVG_CHECK_BUSY] });
    expect(await failureOf(first)).toBeUndefined();
    await checker.close();
    expect(await failureOf(checker.check(fileOf(SMALL)))).toMatchObject({ status: 503, messages: [SVG_CHECK_FAILED] });
  });

  it('answers every waiting file when closed while checking, none left hanging', async () => {
    const checker = checkerOf();
    const checking = [checker.check(fileOf(HEAVY)), checker.check(fileOf(SMALL))].map(failureOf);
    await checker.close();
    for (const failure of await Promise.all(checking)) expect(failure).toMatchObject({ status: 503 });
  });
});
