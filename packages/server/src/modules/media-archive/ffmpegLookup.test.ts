import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeFfmpeg, findFfmpeg, packagedFfmpegPath } from './ffmpegLookup.ts';

describe('finding ffmpeg', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffmpeg-lookup-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prefers Debian’s ffmpeg when it is there and can run', () => {
    const debian = path.join(dir, 'ffmpeg');
    fs.writeFileSync(debian, '#!/bin/sh\n', { mode: 0o755 });
    expect(findFfmpeg({ debianPath: debian })).toEqual({ path: debian, source: 'debian' });
  });

  it('takes the binary of the npm package otherwise, which runs', () => {
    const found = findFfmpeg({ debianPath: path.join(dir, 'absent', 'ffmpeg') });
    expect(found).toEqual({ path: packagedFfmpegPath(), source: 'npm' });
    expect(describeFfmpeg(found ?? { path: '', source: 'npm' })).toContain('@ffmpeg-installer/ffmpeg');
    expect(execFileSync(found?.path ?? '', ['-hide_banner', '-version'], { encoding: 'utf8' })).toMatch(/^ffmpeg version/);
  });

  it('finds none when neither is there, or a file there cannot run', () => {
    const notExecutable = path.join(dir, 'not-executable');
    fs.writeFileSync(notExecutable, 'data', { mode: 0o644 });
    expect(findFfmpeg({ debianPath: notExecutable, packagedPath: () => undefined })).toBeUndefined();
    expect(findFfmpeg({ debianPath: path.join(dir, 'absent'), packagedPath: () => path.join(dir, 'also-absent') })).toBeUndefined();
  });
});
