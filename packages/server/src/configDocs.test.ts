import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every environment variable the server reads is in a configuration table: the README's, or docs/operations.md's
 * for the settings of the embedded provider run on its own.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const SOURCE_DIR = path.join(repoRoot, 'packages/server/src');

/** Variables npm sets for the scripts it runs: not settings anyone configures. */
const SET_BY_NPM = ['INIT_CWD'];

/**
 * The names a module reads from the environment: `env.NAME`, `env['NAME']`, and, in a module that reads the
 * environment at all, every upper-case name with an underscore in a string (a name passed to a reader, a table of
 * names read in a loop).
 */
function environmentNamesIn(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/\benv(?:\.|\[\s*['"`])([A-Z][A-Z0-9_]*)/g)) names.add(match[1] ?? '');
  if (/process\.env|NodeJS\.ProcessEnv/.test(source)) {
    for (const match of source.matchAll(/['"`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)['"`]/g)) names.add(match[1] ?? '');
  }
  return [...names].filter((name) => name !== '');
}

/** The backticked names in the first cell of each row of the Markdown tables in `markdown`. */
function documentedNamesIn(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const line of markdown.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1] ?? '');
  }
  return names;
}

function serverSources(): Array<{ file: string; source: string }> {
  return fs
    .readdirSync(SOURCE_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => ({ file, source: fs.readFileSync(path.join(SOURCE_DIR, file), 'utf8') }));
}

describe('the configuration documentation', () => {
  it('finds the names a module reads, directly or through a reader', () => {
    const source = "const port = process.env.PORT; const bucket = env['S3_BUCKET']; const url = required('PROVIDER_URL');";
    expect(environmentNamesIn(source).toSorted()).toEqual(['PORT', 'PROVIDER_URL', 'S3_BUCKET']);
    // Upper-case strings of a module that never reads the environment are error codes, not settings.
    expect(environmentNamesIn("reply.code(400).send({ code: 'INVALID_REQUEST' })")).toEqual([]);
    expect(documentedNamesIn('| `PORT` | `8080` | HTTP port |\n| `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY` | unset | the key |\nPORT in prose')).toEqual(
      new Set(['PORT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']),
    );
  });

  it('has a table row for every environment variable the server reads', () => {
    const documented = new Set([
      ...documentedNamesIn(fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8')),
      ...documentedNamesIn(fs.readFileSync(path.join(repoRoot, 'docs/operations.md'), 'utf8')),
    ]);
    const read = serverSources().flatMap(({ file, source }) => environmentNamesIn(source).map((name) => ({ file, name })));
    // The readers are found: a scan that finds nothing would pass for the wrong reason.
    expect(read.map(({ name }) => name)).toEqual(expect.arrayContaining(['LIST_CACHE_MS', 'DELIVERY_CACHE_MS', 'S3_BUCKET', 'PROVIDER_URL', 'ASSET_LINK_WEB']));
    const missing = read.filter(({ name }) => !documented.has(name) && !SET_BY_NPM.includes(name)).map(({ file, name }) => `${name} (read in ${file})`);
    expect(missing).toEqual([]);
  });
});
