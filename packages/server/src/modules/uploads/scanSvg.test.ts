import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SVG_TOO_COMPLEX, scanSvg, type SvgLimits } from './scanSvg.ts';

interface Tree {
  attributes: readonly string[];
  text: string;
  children: readonly Tree[];
}

/** Markup that looks like tags but is not: in quotes, comments, CDATA, processing instructions. */
const decoy = fc.constantFrom('', '<!-- <g> <g/> -->', '<![CDATA[ <g> </g> <g/> ]]>', '<?pi <g> ?>', '&amp;', ' a > b ');
const attributeValue = fc.constantFrom('1', 'a > b', "it's", 'x="y"', '/>', '&lt;g&gt;');

const tree: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.record({
    attributes: fc.array(attributeValue, { maxLength: 3 }),
    text: decoy,
    children: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.constant<Tree[]>([]), fc.array(tie('tree'), { maxLength: 4 })),
  }),
})).tree;

function write(node: Tree): string {
  const attributes = node.attributes.map((value, index) => (value.includes('"') ? ` a${index}='${value}'` : ` a${index}="${value}"`)).join('');
  if (node.children.length === 0 && node.text === '') return `<g${attributes}/>`;
  return `<g${attributes}>${node.text}${node.children.map(write).join('')}</g>`;
}

function measure(node: Tree, depth = 1): { elements: number; depth: number; attributes: number; references: number } {
  const own = { elements: 1, depth, attributes: node.attributes.length, references: (node.text + node.attributes.join('')).split('&').length - 1 };
  for (const child of node.children) {
    const counted = measure(child, depth + 1);
    own.elements += counted.elements;
    own.depth = Math.max(own.depth, counted.depth);
    own.attributes += counted.attributes;
    own.references += counted.references;
  }
  return own;
}

const isRefused = (xml: string, limits: SvgLimits) => {
  try {
    scanSvg(Buffer.from(xml), limits);
    return false;
  } catch (error) {
    expect(error).toMatchObject({ status: 400, messages: [SVG_TOO_COMPLEX] });
    return true;
  }
};

describe('scanning an SVG before parsing it', () => {
  it('counts elements, nesting, attributes and references exactly, whatever hides in quotes, comments and CDATA', () => {
    fc.assert(
      fc.property(tree, (root) => {
        const xml = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY e "<g>">]>${write(root)}`;
        const size = measure(root);
        const exact: SvgLimits = { maxElements: size.elements, maxDepth: size.depth, maxAttributes: size.attributes, maxReferences: size.references };
        expect(isRefused(xml, exact)).toBe(false);
        const counted = (Object.keys(exact) as Array<keyof SvgLimits>).filter((key) => exact[key] > 0);
        for (const key of counted) expect(isRefused(xml, { ...exact, [key]: exact[key] - 1 }), key).toBe(true);
      }),
    );
  });

  it('stops at the first element past the limit, without reading the rest', () => {
    const limits: SvgLimits = { maxElements: 3, maxDepth: 10, maxAttributes: 10, maxReferences: 10 };
    // Unclosed markup after the fourth element is never reached.
    expect(isRefused('<svg><g/><g/><g/><g "', limits)).toBe(true);
    expect(isRefused('<svg><g/><g/>', limits)).toBe(false);
  });
});
