import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const BASE_URL = `http://localhost:${PORT}`;
// A local chat-completions server stands in for the AI translation service; nothing leaves the machine.
const AI_PORT = Number(process.env.E2E_AI_PORT ?? PORT + 1);
// The webhook journey's receiver listens here (tests/delivery.spec.ts); the server may post to it although it is local.
process.env.E2E_WEBHOOK_PORT ??= String(PORT + 2);
// Every run starts on an empty data folder: a fresh database and fresh demo content. Worker processes inherit it.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'editor-e2e-'));
// A second server started as a real installation starts: DEMO_CONTENT=off, nothing but the demo accounts to sign in
// with (tests/emptyInstallation.spec.ts).
process.env.E2E_EMPTY_PORT ??= String(PORT + 3);
process.env.E2E_EMPTY_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'editor-e2e-empty-'));
const EMPTY_URL = `http://localhost:${process.env.E2E_EMPTY_PORT}`;
const repoRoot = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/results.json' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: [
    {
      command: 'node --import tsx packages/server/test/fakeChatCompletionsMain.ts',
      cwd: repoRoot,
      port: AI_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { FAKE_AI_PORT: String(AI_PORT) },
    },
    {
      command: 'node --import tsx packages/server/src/main.ts',
      cwd: repoRoot,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        PUBLIC_URL: BASE_URL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        // The publish scheduler runs every 5 s by default; a shorter beat lets scheduled unpublishes show sooner.
        SCHEDULER_INTERVAL_MS: '1000',
        AI_BASE_URL: `http://127.0.0.1:${AI_PORT}/v1`,
        AI_MODEL: 'local-translator',
        // The story journeys add the fullscreen-engagement element, which the server takes only with its flag on.
        FEATURES: 'fullscreen-engagement',
        WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${process.env.E2E_WEBHOOK_PORT}`,
      },
    },
    {
      command: 'node --import tsx packages/server/src/main.ts',
      cwd: repoRoot,
      url: `${EMPTY_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { PORT: process.env.E2E_EMPTY_PORT, PUBLIC_URL: EMPTY_URL, DATA_DIR: process.env.E2E_EMPTY_DATA_DIR, LOG_LEVEL: 'warn', DEMO_CONTENT: 'off' },
    },
  ],
});
