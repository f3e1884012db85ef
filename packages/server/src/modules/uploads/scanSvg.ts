import { badRequest } from '../../http/errors.ts';

/** How much of an SVG is checked; beyond it the file is refused before (or instead of) building its tree. */
export interface SvgLimits {
  /** Elements, in the file and as drawn: a `<use>` or a `url(#id)` counts the elements it repeats. */
  maxElements: number;
  /** Elements inside one another, the root included. */
  maxDepth: number;
  /** Attributes of all elements together. */
  maxAttributes: number;
  /** Entity and character references (`&amp;`, `&#60;`), each a piece the parser joins. */
  maxReferences: number;
}

/**
 * docs/decisions.md, bounds of an uploaded image: 50,000 empty groups take some 70 MB of heap to check, 40,000 paths
 * of five attributes some 135 MB, inside the checking thread's 256 MB; 256 levels are about the deepest librsvg
 * (sharp) reads at all.
 */
export const SVG_LIMITS: SvgLimits = { maxElements: 50_000, maxDepth: 256, maxAttributes: 200_000, maxReferences: 100_000 };

export const SVG_TOO_COMPLEX =
  'An SVG image may have at most 50,000 elements (a <use> counts as the elements it repeats), 256 levels of nesting, 200,000 attributes and 100,000 character references: more complex vector files cannot be checked for unsafe content. Please simplify it or export it as png.';

const tooComplex = () => badRequest(SVG_TOO_COMPLEX);

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const AMPERSAND = 0x26;

const isAt = (data: Buffer, index: number, token: string) => data.toString('latin1', index, index + token.length) === token;

/** The index just past the next `token` from `from`, or the end of the data when there is none. */
function after(data: Buffer, token: string, from: number): number {
  const at = data.indexOf(token, from, 'latin1');
  return at === -1 ? data.length : at + token.length;
}

/** Past a `<!DOCTYPE …>` or another declaration, its internal subset `[…]` and quoted strings included. */
function afterDeclaration(data: Buffer, from: number): number {
  let brackets = 0;
  for (let index = from; index < data.length; index++) {
    const byte = data[index];
    if (byte === QUOTE || byte === APOSTROPHE) {
      const end = data.indexOf(byte, index + 1);
      if (end === -1) return data.length;
      index = end;
    } else if (byte === OPEN_BRACKET) brackets++;
    else if (byte === CLOSE_BRACKET) brackets = Math.max(0, brackets - 1);
    else if (byte === GT && brackets === 0) return index + 1;
  }
  return data.length;
}

/**
 * Counts the references, elements, attributes and nesting of XML text in two passes over its bytes, building
 * nothing, and refuses it with 400 (SVG_TOO_COMPLEX) at the first bound it passes. Markup characters are ASCII, so
 * UTF-8 needs no decoding here. Comments, CDATA, processing instructions and the DOCTYPE are skipped; what is not well-formed is
 * left to the parser.
 */
export function scanSvg(data: Buffer, limits: SvgLimits = SVG_LIMITS): void {
  // Every ampersand counts, also one in a comment: more than the parser sees can only refuse sooner.
  let references = 0;
  for (let at = data.indexOf(AMPERSAND); at !== -1; at = data.indexOf(AMPERSAND, at + 1)) {
    if (++references > limits.maxReferences) throw tooComplex();
  }
  let elements = 0;
  let attributes = 0;
  let depth = 0;
  let index = data.indexOf(LT);
  while (index !== -1 && index < data.length) {
    const next = data[index + 1];
    if (next === BANG) {
      if (isAt(data, index, '<!--')) index = after(data, '-->', index + 4);
      else if (isAt(data, index, '<![CDATA[')) index = after(data, ']]>', index + 9);
      else index = afterDeclaration(data, index + 2);
    } else if (next === QUESTION) {
      index = after(data, '?>', index + 2);
    } else if (next === SLASH) {
      depth = Math.max(0, depth - 1);
      index = after(data, '>', index + 2);
    } else {
      if (++elements > limits.maxElements) throw tooComplex();
      let at = index + 1;
      let isClosed = false;
      while (at < data.length) {
        const byte = data[at];
        if (byte === QUOTE || byte === APOSTROPHE) {
          const end = data.indexOf(byte, at + 1);
          at = end === -1 ? data.length : end + 1;
          continue;
        }
        if (byte === EQUALS && ++attributes > limits.maxAttributes) throw tooComplex();
        if (byte === GT) {
          isClosed = data[at - 1] === SLASH;
          break;
        }
        at++;
      }
      if (depth + 1 > limits.maxDepth) throw tooComplex();
      if (!isClosed) depth++;
      index = at + 1;
    }
    index = data.indexOf(LT, index);
  }
}
