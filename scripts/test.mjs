// `npm test`: every test of the project, then one closing line with the totals.
// Unit and server tests run in Vitest (SQLite always, PostgreSQL when TEST_DATABASE_URL is set),
// end-to-end tests in Playwright against the built app in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensureChromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.test-output');
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const totals = [];
// Failed tests by name, printed just above the totals so that the end of a long log says what failed.
const failures = [];
const firstLine = (text) => String(text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';

function vitestFailures(report) {
  for (const file of report?.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`unit ${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') failures.push(`unit ${name}: ${firstLine(file.message)}`);
  }
}

function playwrightFailures(suites) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      if (!spec.ok) failures.push(`e2e ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(spec.tests?.[0]?.results?.at(-1)?.error?.message)}`);
    }
    playwrightFailures(suite.suites);
  }
}

// 1. Domain, server and web component tests.
const vitestJson = path.join(outDir, 'vitest.json');
const unhandledJson = path.join(outDir, 'vitest-unhandled.json');
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--reporter=./scripts/unhandledErrorsReporter.mjs', `--outputFile.json=${vitestJson}`], {
  env: { ...process.env, VITEST_UNHANDLED_ERRORS_FILE: unhandledJson },
});
const vitest = readJson(vitestJson);
vitestFailures(vitest);
const unhandled = readJson(unhandledJson) ?? [];
for (const error of unhandled) {
  const where = error.file ? ` (while ${path.relative(root, error.file)}${error.test ? ` › ${error.test}` : ''} ran)` : '';
  failures.push(`unit: unhandled ${error.name ?? 'error'}${where}: ${firstLine(error.message)}`);
}
if (vitestStatus !== 0 && !vitest?.numFailedTests && unhandled.length === 0) {
  failures.push(`unit: Vitest exited with ${vitestStatus} without a failed test or an unhandled error (see its output above)`);
}
totals.push({
  name: 'unit',
  passed: vitest?.numPassedTests ?? 0,
  failed: vitest ? vitest.numFailedTests + (vitestStatus !== 0 && vitest.numFailedTests === 0 ? 1 : 0) : 1,
  skipped: (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0),
});

// 2. End-to-end journeys in Chromium.
let e2eStatus = 1;
const e2eJson = path.join(outDir, 'e2e.json');
try {
  ensureChromium();
  e2eStatus = run('npm', ['run', 'build', '--workspace=@editor/web']);
  if (e2eStatus === 0) {
    e2eStatus = run('npx', ['playwright', 'test'], {
      cwd: path.join(root, 'packages/e2e'),
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson },
    });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
}
const e2eReport = readJson(e2eJson);
playwrightFailures(e2eReport?.suites);
const e2e = e2eReport?.stats;
totals.push({
  name: 'e2e',
  passed: e2e?.expected ?? 0,
  failed: e2e ? e2e.unexpected + (e2eStatus !== 0 && e2e.unexpected === 0 ? 1 : 0) : 1,
  skipped: e2e?.skipped ?? 0,
});

console.log('');
for (const failure of failures) console.log(`failed: ${failure}`);
for (const suite of totals) console.log(`${suite.name}: ${suite.passed} passed, ${suite.failed} failed, ${suite.skipped} skipped`);
const sum = (key) => totals.reduce((n, suite) => n + suite[key], 0);
console.log(`total: ${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
process.exit(sum('failed') > 0 ? 1 : 0);
