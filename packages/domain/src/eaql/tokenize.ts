/** The characters of an unquoted word: property names, keywords and bare values (2026-01-31T10:00:00Z, pt-BR, a@b.c). */
const WORD = /[\p{L}\p{M}\p{N}_\-.:/+@]+/uy;
/** A string that can be written without quotes. */
export const BARE_WORD = /^[\p{L}\p{M}\p{N}_\-.:/+@]+$/u;

export type TokenKind = 'word' | 'string' | 'operator' | '(' | ')' | ',' | 'end';

export interface Token {
  kind: TokenKind;
  /** The word, the operator, or the unescaped content of a string. */
  text: string;
  position: number;
}

/** A malformed query; parseEaql turns it into its error result. */
export class EaqlSyntaxError extends Error {
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.position = position;
  }
}

/** Quotes user text for an error message, cut short so a long value does not drown the message. */
export function quoteForMessage(text: string): string {
  const short = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return JSON.stringify(short);
}

function readString(query: string, start: number): { text: string; end: number } {
  let text = '';
  let index = start + 1;
  while (index < query.length) {
    const char = query[index];
    if (char === '"') return { text, end: index + 1 };
    if (char === '\\') {
      const escaped = query[index + 1];
      if (escaped === '"' || escaped === '\\') {
        text += escaped;
        index += 2;
        continue;
      }
      if (escaped === undefined) break;
      const shown = `\\${String.fromCodePoint(query.codePointAt(index + 1) ?? 0)}`;
      throw new EaqlSyntaxError(`Unknown escape "${shown}" at position ${index}; inside quotes write \\" for a quote and \\\\ for a backslash`, index);
    }
    text += char;
    index += 1;
  }
  throw new EaqlSyntaxError(`Missing closing quote for the string at position ${start}`, start);
}

/** Splits a query into tokens; throws EaqlSyntaxError at the first character that starts none. */
export function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < query.length) {
    const char = query[index] ?? '';
    if (/\s/.test(char)) {
      index += 1;
      continue;
    }
    const position = index;
    if (char === '(' || char === ')' || char === ',') {
      tokens.push({ kind: char, text: char, position });
      index += 1;
    } else if (char === '"') {
      const { text, end } = readString(query, position);
      tokens.push({ kind: 'string', text, position });
      index = end;
    } else if (char === '<' || char === '>' || char === '!') {
      const hasEquals = query[index + 1] === '=';
      if (char === '!' && !hasEquals) {
        throw new EaqlSyntaxError(`Unexpected character "!" at position ${position}; did you mean "!="?`, position);
      }
      tokens.push({ kind: 'operator', text: hasEquals ? `${char}=` : char, position });
      index += hasEquals ? 2 : 1;
    } else if (char === '=' || char === '~') {
      tokens.push({ kind: 'operator', text: char, position });
      index += 1;
    } else {
      WORD.lastIndex = index;
      const word = WORD.exec(query);
      if (!word) {
        const codePoint = query.codePointAt(index) ?? 0;
        throw new EaqlSyntaxError(`Unexpected character ${quoteForMessage(String.fromCodePoint(codePoint))} at position ${position}`, position);
      }
      tokens.push({ kind: 'word', text: word[0], position });
      index += word[0].length;
    }
  }
  tokens.push({ kind: 'end', text: '', position: query.length });
  return tokens;
}
