import fs from 'node:fs';
import { createRequire } from 'node:module';

/** Debian's ffmpeg (`apt-get install ffmpeg`): preferred when present, since the system keeps it current. */
export const DEBIAN_FFMPEG = '/usr/bin/ffmpeg';

/** The npm package whose platform package carries a static ffmpeg in its tarball (docs/media.md, "The video tool"). */
export const PACKAGED_FFMPEG = '@ffmpeg-installer/ffmpeg';

export interface FoundFfmpeg {
  path: string;
  /** `debian`: the system's; `npm`: the one installed with the app's dependencies. */
  source: 'debian' | 'npm';
}

/** What the media import and the demo seed say when they find no ffmpeg at all. */
export const NO_FFMPEG = `no ffmpeg: neither ${DEBIAN_FFMPEG} (apt-get install ffmpeg) nor the binary of ${PACKAGED_FFMPEG} (npm ci) is there`;

const require = createRequire(import.meta.url);

function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The binary of `@ffmpeg-installer/ffmpeg`, which picks the package of this platform and architecture; undefined when
 * that package is not installed (a platform it has none for, or an install without optional dependencies). The
 * package throws a plain string then, so it is loaded here rather than imported.
 */
export function packagedFfmpegPath(): string | undefined {
  try {
    const found: unknown = require(PACKAGED_FFMPEG);
    return typeof found === 'object' && found !== null && 'path' in found && typeof found.path === 'string' ? found.path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ffmpeg that makes the demo's videos and the poster frames of imported ones: Debian's when it is installed,
 * otherwise the packaged one; undefined when neither can run. The paths can be given (tests point them elsewhere).
 */
export function findFfmpeg(options: { debianPath?: string; packagedPath?: () => string | undefined } = {}): FoundFfmpeg | undefined {
  const debianPath = options.debianPath ?? DEBIAN_FFMPEG;
  if (isExecutableFile(debianPath)) return { path: debianPath, source: 'debian' };
  const packaged = (options.packagedPath ?? packagedFfmpegPath)();
  if (packaged !== undefined && isExecutableFile(packaged)) return { path: packaged, source: 'npm' };
  return undefined;
}

/** One line for the logs: which ffmpeg is used. */
export function describeFfmpeg(found: FoundFfmpeg): string {
  return found.source === 'debian' ? `Debian's ffmpeg (${found.path})` : `the ffmpeg of ${PACKAGED_FFMPEG} (${found.path}; ${DEBIAN_FFMPEG} is not installed)`;
}
