import { spawn } from 'node:child_process';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const HELLO_MAIN = path.join(import.meta.dirname, 'helloMain.ts');

/** A bare Fastify app in a process of its own, as the server runs in one: the floor a call's rate is measured against. */
export async function startHello(): Promise<{ url: string; pid: number | undefined; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', HELLO_MAIN], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('\n')) resolve(printed.split('\n')[0]?.trim() ?? '');
    });
    void exited.then(() => reject(new Error('The hello server stopped before it listened')));
  });
  return {
    url,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
