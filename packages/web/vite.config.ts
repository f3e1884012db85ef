import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, once, at the highest levels:
 * the server sends the copy the browser accepts (`@fastify/static` preCompressed) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'editor-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of [...Object.keys(bundle), 'index.html']) {
        const file = path.join(outDir, fileName);
        if (!COMPRESSIBLE.test(fileName) || !fs.existsSync(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** Matches a module of one of the named packages in node_modules. */
const packages = (...names: string[]) => new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);

/**
 * Libraries in chunks of their own, by what loads them (docs/decisions.md, "Page weight"): React comes
 * with every page, the rich-text editor with the editor only; each stays cached
 * while the app's own chunks change. A group takes the packages its modules import too, so the positioning library
 * that both the rich-text editor and Mantine's popovers use has its own group, or every page would load the editor's.
 * Mantine's components the entry does not need stay with the pages that use them.
 */
const VENDOR_CHUNKS = [
  { name: 'react', test: packages('react', 'react-dom', 'scheduler'), priority: 4 },
  { name: 'floating-ui', test: packages('@floating-ui'), priority: 2 },
  { name: 'rich-text', test: packages('@tiptap', 'prosemirror-[a-z-]+', 'linkifyjs', 'orderedmap', 'rope-sequence', 'w3c-keyname'), priority: 1 },
  // Everything else the entry imports statically (the shell, Mantine's core, TanStack Query) in one chunk: the entry
  // needs all of it at once, and left to itself the bundler cuts it into dozens of pieces shared with lazy chunks,
  // each a request of its own that compresses worse.
  { name: 'app', tags: ['$initial' as const], priority: 0 },
];

/** Top-level names that hold a zod schema (`const xSchema = ...`) in the domain package and the app. */
function schemaNames(): string[] {
  const names = new Set<string>();
  for (const folder of ['../domain/src', 'src']) {
    for (const file of fs.readdirSync(path.resolve(import.meta.dirname, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const source = fs.readFileSync(path.resolve(import.meta.dirname, folder, file), 'utf8');
      for (const match of source.matchAll(/^(?:export )?const (\w+Schema)\b/gm)) names.add(match[1] ?? '');
    }
  }
  return [...names];
}

/**
 * Building a zod schema has no side effect the app relies on, but the bundler cannot tell: `z.object(...)` and
 * `xSchema.optional()` count as calls that must run. Declared pure, a schema no code of a chunk uses is dropped, and a
 * page whose code uses none loads no zod (docs/decisions.md, "Response schemas in development only"). So never call
 * `parse` on a schema only for its throw and ignore the result: the bundler may drop that call too.
 */
const PURE_SCHEMA_CALLS = ['z', ...schemaNames()];

/** The API server; in development Vite forwards everything the server owns to it (`npm run dev` sets PORT). */
const SERVER = `http://localhost:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': SERVER,
      '/oidc': SERVER,
      '/interaction': SERVER,
      '/app-config.js': SERVER,
      '/silent-callback': SERVER,
      '/media': SERVER,
      '/preview': SERVER,
      '/maps': SERVER,
      '/delivery': SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { treeshake: { manualPureFunctions: PURE_SCHEMA_CALLS }, output: { codeSplitting: { groups: VENDOR_CHUNKS } } },
  },
});
