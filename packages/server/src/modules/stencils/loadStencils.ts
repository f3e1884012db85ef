import fs from 'node:fs';
import path from 'node:path';
import { stencilDefinitionSchema, type InputDefinition, type StencilDefinition } from '@editor/domain';

/** The stencils shipped with the server: `packages/server/stencils/<name>.json`, one file per stencil. */
export const STENCILS_DIR = path.resolve(import.meta.dirname, '../../../stencils');

interface StencilFile {
  /** As shown in messages: the folder's name and the file's, e.g. `stencils/story.json`. */
  where: string;
  stencil: StencilDefinition;
}

const CHILD_LISTS = ['properties', 'orderedProperties', 'oneOfProperties'] as const;

/** Every stencil name an input or its children may reference, with the path of each mention. */
function* stencilReferences(inputs: readonly InputDefinition[], at: string): Generator<{ path: string; stencil: string }> {
  for (const [index, input] of inputs.entries()) {
    const here = `${at}.${index}`;
    for (const [position, stencil] of (input.constraints?.stencils ?? []).entries()) {
      yield { path: `${here}.constraints.stencils.${position}`, stencil };
    }
    for (const list of CHILD_LISTS) {
      const children = input.constraints?.[list];
      if (children) yield* stencilReferences(children, `${here}.constraints.${list}`);
    }
  }
}

function readStencilFile(dir: string, file: string, problems: string[]): StencilFile | undefined {
  const where = path.join(path.basename(dir), file);
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  } catch (error) {
    problems.push(`${where}: not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  const parsed = stencilDefinitionSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.');
      problems.push(field ? `${where}: ${field}: ${issue.message}` : `${where}: ${issue.message}`);
    }
    return undefined;
  }
  // The file is named after its stencil, so no two files can define the same stencil.
  const expected = `${parsed.data.name}.json`;
  if (file !== expected) {
    problems.push(`${where}: name: the stencil "${parsed.data.name}" belongs in a file named ${expected}`);
    return undefined;
  }
  return { where, stencil: parsed.data };
}

/**
 * Reads and checks every `*.json` stencil in `dir`: each must satisfy the stencil schema and be named after its
 * stencil, and every stencil an asset reference allows must exist. Throws one Error listing every problem as
 * `<folder>/<file>: <field path>: <problem>`, so a broken file stops the server at start.
 */
export function loadStencils(dir: string): StencilDefinition[] {
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .toSorted();
  if (files.length === 0) throw new Error(`${dir}: no stencil files (*.json) found`);

  const problems: string[] = [];
  const loaded = files.flatMap((file) => readStencilFile(dir, file, problems) ?? []);
  // Named by their files, so that a broken file does not also break every reference to it.
  const known = new Set(files.map((file) => path.basename(file, '.json')));
  for (const { where, stencil } of loaded) {
    for (const reference of stencilReferences(stencil.inputs, 'inputs')) {
      if (!known.has(reference.stencil)) problems.push(`${where}: ${reference.path}: no stencil named "${reference.stencil}"`);
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return loaded.map(({ stencil }) => stencil);
}
