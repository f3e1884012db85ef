import fs from 'node:fs';
import path from 'node:path';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createMediaArchive } from './modules/media-archive/archiveStore.ts';
import { importFolder } from './modules/media-archive/importFolder.ts';
import { describeFfmpeg, findFfmpeg, NO_FFMPEG } from './modules/media-archive/ffmpegLookup.ts';

// `npm run media:import -- <folder>`: npm runs scripts in the repository's folder; a relative folder means the caller's.
const argument = process.argv[2];
if (!argument) {
  console.error('Usage: npm run media:import -- <folder>   (imports its jpg, png, mp4, mp3 and wav files into the media archive)');
  process.exit(2);
}
const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) {
  console.error(`Not a folder: ${folder}`);
  process.exit(2);
}

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'editor.db') });
try {
  await migrateToLatest(database.db, database.schema);
  const ffmpeg = findFfmpeg();
  console.log(ffmpeg ? `Poster frames are made with ${describeFfmpeg(ffmpeg)}.` : `${NO_FFMPEG}: videos are imported without poster frames.`);
  const summary = await importFolder({
    archive: createMediaArchive({ db: database.db, dataDir: config.dataDir, storage: config.storage }),
    folder,
    tmpDir: path.join(config.dataDir, 'media', 'tmp'),
    ffmpeg: ffmpeg?.path,
    onProgress: (line) => console.log(line),
  });
  for (const warning of summary.warnings) console.log(`warning: ${warning}`);
  const counts = new Map<string, number>();
  for (const item of summary.imported) counts.set(item.contentType, (counts.get(item.contentType) ?? 0) + 1);
  const byType = [...counts].map(([type, count]) => `${count} ${type}`);
  const withoutPoster = summary.warnings.length > 0 ? `; ${summary.warnings.length} video(s) without a poster frame` : '';
  console.log(`Imported ${summary.imported.length} file(s)${byType.length > 0 ? ` (${byType.join(', ')})` : ''}, skipped ${summary.skipped.length}${withoutPoster}.`);
  if (summary.skipped.length > 0) process.exitCode = 1;
} finally {
  await database.destroy();
}
