import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const FILE_NAME = 'upload-secret.json';

/**
 * The embedded image service's API secret: made once per installation in the data folder (like the sign-in
 * provider's keys) so signatures survive a restart and every instance sharing the folder agrees. Never in the
 * repository. Two instances starting at once both try to create it; the second reads the first's file.
 */
export async function loadOrCreateUploadSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, FILE_NAME);
  await fs.mkdir(dataDir, { recursive: true });
  // Written aside and linked in: the file appears whole, and only the first instance's link succeeds.
  const temporary = `${file}.${crypto.randomUUID()}.tmp`;
  await fs.writeFile(temporary, JSON.stringify({ apiSecret: crypto.randomBytes(32).toString('hex') }), { mode: 0o600 });
  try {
    await fs.link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.rm(temporary, { force: true });
  }
  const { apiSecret } = JSON.parse(await fs.readFile(file, 'utf8')) as { apiSecret?: unknown };
  if (typeof apiSecret !== 'string' || apiSecret.length < 32) throw new Error(`${file} holds no upload secret; remove it to make a new one.`);
  return apiSecret;
}
