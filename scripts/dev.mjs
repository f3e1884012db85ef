// `npm run dev`: the server with reload on change, and Vite with hot module replacement in front of it.
// The browser talks to Vite (http://localhost:5173), which proxies the API and the sign-in provider.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vitePort = process.env.VITE_PORT ?? '5173';
const env = { ...process.env, PORT: process.env.PORT ?? '8080', PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${vitePort}`, WEB_DIST_DIR: '' };

const children = [
  spawn('node', ['--watch-path=packages/server/src', '--watch-path=packages/domain/src', '--import', 'tsx', 'packages/server/src/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn('npx', ['vite', '--port', vitePort, '--strictPort'], { cwd: path.join(root, 'packages/web'), env, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
