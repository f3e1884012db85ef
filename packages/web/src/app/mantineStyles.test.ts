import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const appDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.dirname(appDir);
const stylesDir = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles/global.css'));
const sheet = fs.readFileSync(path.join(appDir, 'mantineStyles.css'), 'utf8');
const imported = [...sheet.matchAll(/@import '@mantine\/core\/styles\/([\w-]+)\.css';/g)].map((match) => match[1]);

/** The names the app's source files import from `@mantine/core`. */
function usedMantineNames(): Set<string> {
  const names = new Set<string>();
  const files = fs.readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  for (const file of files) {
    const source = fs.readFileSync(path.join(srcDir, file), 'utf8');
    for (const [, list = ''] of source.matchAll(/import \{([^}]*)\} from '@mantine\/core'/g)) {
      for (const part of list.split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? '';
        if (/^[A-Z]/.test(name)) names.add(name);
      }
    }
  }
  return names;
}

describe("the app's Mantine style sheet", () => {
  it('has the style sheet of every Mantine component the app imports', () => {
    const missing = [...usedMantineNames()].filter((name) => fs.existsSync(path.join(stylesDir, `${name}.css`)) && !imported.includes(name));
    expect(missing).toEqual([]);
  });

  it('imports only files Mantine ships, the global layers first', () => {
    expect(imported.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    expect(imported.filter((name) => !fs.existsSync(path.join(stylesDir, `${name}.css`)))).toEqual([]);
    expect(imported.length).toBeGreaterThan(40);
  });
});
