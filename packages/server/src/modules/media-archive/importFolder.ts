import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ArchiveFile, MediaArchiveService } from './service.ts';
import { NO_FFMPEG } from './ffmpegLookup.ts';
import { extractPosterFrame, probeMedia } from './probe.ts';

/** Spec 000 §5: the very large image is at most this wide. */
const VERY_LARGE_WIDTH = 3000;

export interface ImportSummary {
  imported: Array<{ file: string; id: string; contentType: string }>;
  skipped: Array<{ file: string; reason: string }>;
  /** Files imported without a poster frame, and why. */
  warnings: string[];
}

/** A title from a file name: `cliff-diving_mostar.mp4` → 'cliff diving mostar'. */
const titleOf = (file: string) => path.parse(file).name.replace(/[-_]+/g, ' ').trim() || path.parse(file).name;

/**
 * Imports the files of a folder (not its sub-folders) into the archive, in name order: each is copied into a temporary
 * file, probed, given its renditions (the very large image, a poster frame when `ffmpeg` is given) and stored; a video
 * without a poster frame is named in the warnings, with why. A file that cannot be read is skipped with its reason; the
 * folder itself is left as it was.
 */
export async function importFolder(input: { archive: MediaArchiveService; folder: string; tmpDir: string; ffmpeg?: string | undefined; onProgress?: (line: string) => void }): Promise<ImportSummary> {
  const { archive, folder, tmpDir, ffmpeg } = input;
  const summary: ImportSummary = { imported: [], skipped: [], warnings: [] };
  await fsp.mkdir(tmpDir, { recursive: true });
  const entries = (await fsp.readdir(folder, { withFileTypes: true })).filter((entry) => entry.isFile() && !entry.name.startsWith('.')).map((entry) => entry.name).toSorted();
  for (const name of entries) {
    const temporaries: string[] = [];
    const temporary = (extension: string) => {
      const file = path.join(tmpDir, `${crypto.randomUUID()}.${extension}`);
      temporaries.push(file);
      return file;
    };
    try {
      const source = path.join(folder, name);
      const probed = await probeMedia(source);
      const original = temporary(probed.extension);
      await fsp.copyFile(source, original);
      let veryLargeImage: ArchiveFile | undefined;
      let poster: ArchiveFile | undefined;
      if (probed.contentType === 'image') {
        const file = temporary('jpg');
        await sharp(source).autoOrient().resize({ width: VERY_LARGE_WIDTH, withoutEnlargement: true }).jpeg({ quality: 85 }).toFile(file);
        veryLargeImage = { file, extension: 'jpg', contentType: 'image/jpeg' };
      }
      if (probed.contentType === 'video' && probed.width !== null) {
        if (ffmpeg) {
          const file = temporary('jpg');
          try {
            await extractPosterFrame({ ffmpeg, video: source, target: file, atSeconds: Math.min(1, (probed.duration ?? 0) / 2) });
            poster = { file, extension: 'jpg', contentType: 'image/jpeg' };
          } catch (error) {
            summary.warnings.push(`${name}: no poster frame (${error instanceof Error ? error.message : String(error)})`);
          }
        } else {
          summary.warnings.push(`${name}: no poster frame (${NO_FFMPEG})`);
        }
      }
      const id = await archive.addItem({
        contentType: probed.contentType,
        title: titleOf(name),
        duration: probed.duration,
        width: probed.width,
        height: probed.height,
        codec: probed.codec,
        original: { file: original, extension: probed.extension, contentType: probed.mimeType, bytes: (await fsp.stat(original)).size },
        poster,
        veryLargeImage,
      });
      summary.imported.push({ file: name, id, contentType: probed.contentType });
      input.onProgress?.(`imported ${name} (${probed.contentType}) as ${id}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      summary.skipped.push({ file: name, reason });
      input.onProgress?.(`skipped ${name}: ${reason}`);
    } finally {
      // Stored files were moved away; what is left belongs to a skipped file.
      for (const file of temporaries) fs.rmSync(file, { force: true });
    }
  }
  return summary;
}
