// Makes sure Debian's Chromium is there for the end-to-end tests; the project never downloads a browser build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: run "sudo apt-get install -y chromium" (or set CHROMIUM_PATH) and try again.`);
  }
  console.log(`Chromium is missing at ${CHROMIUM_PATH}: installing Debian's chromium package...`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
