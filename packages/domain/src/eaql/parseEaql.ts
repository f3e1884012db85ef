import type { EaqlNode, EaqlParseResult, EaqlProperty, EaqlValue } from './ast.ts';
import { convertEaqlValue } from './eaqlValues.ts';
import {
  EAQL_CONTENT_PREFIX,
  EAQL_PROPERTIES,
  eaqlOperatorsFor,
  findEaqlProperty,
  type EaqlCatalogue,
  type EaqlCompareOperator,
  type EaqlOperator,
  type EaqlPropertyDefinition,
} from './properties.ts';
import { EaqlSyntaxError, quoteForMessage, tokenize, type Token } from './tokenize.ts';

/** Bounds that keep a query cheap to parse and to run (a malformed or hostile query is a 400, never a 500). */
export const EAQL_LIMITS = { maxLength: 2000, maxConditions: 100, maxDepth: 20, maxInValues: 100 } as const;

const CONTENT_SEGMENT = /^[A-Za-z0-9_-]+$/;
const OPERATOR_LIST = '=, !=, <, <=, >, >=, ~, in, exists';

const ALLOWED_FOR: Record<'in' | 'ordered' | '~', string> = {
  in: 'keyword fields',
  ordered: 'long, float and date fields and content.*',
  '~': 'text fields',
};

function isKeyword(token: Token, keyword: string): boolean {
  return token.kind === 'word' && token.text.toLowerCase() === keyword;
}

function describeFound(token: Token): string {
  return token.kind === 'end' ? 'the end of the query' : quoteForMessage(token.text);
}

interface Resolved {
  property: EaqlProperty;
  definition: Pick<EaqlPropertyDefinition, 'type' | 'isSearchOnly'>;
}

function resolveProperty(token: Token, catalogue: EaqlCatalogue): Resolved {
  const name = token.text;
  const at = token.position;
  const definition = findEaqlProperty(catalogue, name);
  if (definition) return { property: { name, type: definition.type }, definition };
  if (name === 'content' || name.startsWith(EAQL_CONTENT_PREFIX)) {
    const path = name.slice(EAQL_CONTENT_PREFIX.length).split('.');
    if (name === 'content' || !path.every((segment) => CONTENT_SEGMENT.test(segment))) {
      throw new EaqlSyntaxError(
        `Unknown property ${quoteForMessage(name)} at position ${at}; name an input after "content.", e.g. content.teaser or content.geolocation.latitude`,
        at,
      );
    }
    return { property: { name, type: 'text', path }, definition: { type: 'text' } };
  }
  const sameButCase = Object.keys(catalogue).find((known) => known.toLowerCase() === name.toLowerCase());
  if (sameButCase) throw new EaqlSyntaxError(`Unknown property ${quoteForMessage(name)} at position ${at}; did you mean "${sameButCase}"?`, at);
  if (name.toLowerCase().startsWith('ratings.')) {
    throw new EaqlSyntaxError(`Unknown property ${quoteForMessage(name)} at position ${at}; this editor keeps no ratings`, at);
  }
  throw new EaqlSyntaxError(`Unknown property ${quoteForMessage(name)} at position ${at}`, at);
}

function refuseOperator(resolved: Resolved, operator: EaqlOperator, at: number): EaqlSyntaxError {
  const { property, definition } = resolved;
  if (definition.isSearchOnly) {
    return new EaqlSyntaxError(`"${property.name}" works only with the ~ operator (position ${at})`, at);
  }
  const allowed = operator === 'in' ? ALLOWED_FOR.in : operator === '~' ? ALLOWED_FOR['~'] : ALLOWED_FOR.ordered;
  return new EaqlSyntaxError(`The ${operator} operator works only on ${allowed}; "${property.name}" is ${property.type} (position ${at})`, at);
}

class Parser {
  private readonly tokens: Token[];
  private readonly catalogue: EaqlCatalogue;
  private index = 0;
  private conditions = 0;

  constructor(tokens: Token[], catalogue: EaqlCatalogue) {
    this.tokens = tokens;
    this.catalogue = catalogue;
  }

  parseQuery(): EaqlNode {
    if (this.peek().kind === 'end') throw new EaqlSyntaxError('The query is empty (position 0)', 0);
    const node = this.parseOr(0);
    const next = this.peek();
    if (next.kind === ')') throw new EaqlSyntaxError(`Unexpected ")" at position ${next.position}; there is no "(" to close`, next.position);
    if (next.kind !== 'end') throw this.expectedJoin(next);
    return node;
  }

  private peek(): Token {
    // The token list always ends with an 'end' token, and the parser never moves past it.
    return this.tokens[this.index] ?? { kind: 'end', text: '', position: 0 };
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index += 1;
    return token;
  }

  private previous(): Token | undefined {
    return this.tokens[this.index - 1];
  }

  private expectedJoin(token: Token): EaqlSyntaxError {
    const previous = this.previous();
    const after = this.tokens[this.index + 1];
    const followsValue = previous !== undefined && (previous.kind === 'string' || (previous.kind === 'word' && !isKeyword(previous, 'exists')));
    const startsCondition = after?.kind === 'operator' || (after !== undefined && (isKeyword(after, 'in') || isKeyword(after, 'exists')));
    let hint = '';
    if (token.kind === 'word' && (startsCondition || followsValue)) {
      hint = startsCondition ? '; join conditions with AND or OR' : '; put a value with spaces in double quotes';
    }
    return new EaqlSyntaxError(`Expected AND, OR or the end of the query at position ${token.position}, found ${describeFound(token)}${hint}`, token.position);
  }

  private parseOr(depth: number): EaqlNode {
    const operands = [this.parseAnd(depth)];
    while (isKeyword(this.peek(), 'or')) {
      this.next();
      operands.push(this.parseAnd(depth));
    }
    return operands.length === 1 && operands[0] ? operands[0] : { kind: 'or', operands };
  }

  private parseAnd(depth: number): EaqlNode {
    const operands = [this.parseNot(depth)];
    while (isKeyword(this.peek(), 'and')) {
      this.next();
      operands.push(this.parseNot(depth));
    }
    return operands.length === 1 && operands[0] ? operands[0] : { kind: 'and', operands };
  }

  private enter(depth: number, token: Token): number {
    if (depth + 1 > EAQL_LIMITS.maxDepth) {
      throw new EaqlSyntaxError(
        `The query nests too deeply: at most ${EAQL_LIMITS.maxDepth} levels of parentheses and NOT (position ${token.position})`,
        token.position,
      );
    }
    return depth + 1;
  }

  private parseNot(depth: number): EaqlNode {
    const token = this.peek();
    if (isKeyword(token, 'not')) {
      const inner = this.enter(depth, token);
      this.next();
      return { kind: 'not', operand: this.parseNot(inner) };
    }
    if (token.kind === '(') {
      const inner = this.enter(depth, token);
      this.next();
      const node = this.parseOr(inner);
      const close = this.peek();
      if (close.kind !== ')') {
        throw new EaqlSyntaxError(
          `Expected ")" at position ${close.position} to close the "(" at position ${token.position}, found ${describeFound(close)}`,
          close.position,
        );
      }
      this.next();
      return node;
    }
    return this.parseCondition();
  }

  private parseCondition(): EaqlNode {
    const token = this.next();
    const isJoinWord = isKeyword(token, 'and') || isKeyword(token, 'or');
    if (token.kind !== 'word' || isJoinWord) {
      throw new EaqlSyntaxError(`Expected a property name at position ${token.position}, found ${describeFound(token)}`, token.position);
    }
    this.conditions += 1;
    if (this.conditions > EAQL_LIMITS.maxConditions) {
      throw new EaqlSyntaxError(
        `The query has too many conditions: at most ${EAQL_LIMITS.maxConditions} (position ${token.position})`,
        token.position,
      );
    }
    const resolved = resolveProperty(token, this.catalogue);
    const allowed = eaqlOperatorsFor(resolved.definition, resolved.property.path !== undefined);
    const operatorToken = this.next();
    const operator = this.readOperator(operatorToken, token);
    if (!allowed.includes(operator)) throw refuseOperator(resolved, operator, operatorToken.position);
    const { property } = resolved;
    if (operator === 'exists') return { kind: 'exists', property };
    if (operator === 'in') return { kind: 'in', property, values: this.parseInList(property, operatorToken) };
    return { kind: 'compare', property, operator, value: this.parseValue(property, operatorToken) };
  }

  private readOperator(token: Token, propertyToken: Token): EaqlOperator {
    if (token.kind === 'operator') return token.text as EaqlCompareOperator;
    if (isKeyword(token, 'in')) return 'in';
    if (isKeyword(token, 'exists')) return 'exists';
    throw new EaqlSyntaxError(
      `Expected an operator (${OPERATOR_LIST}) after ${quoteForMessage(propertyToken.text)} at position ${token.position}, found ${describeFound(token)}`,
      token.position,
    );
  }

  private parseValue(property: EaqlProperty, operatorToken: Token): EaqlValue {
    const token = this.next();
    if (token.kind !== 'word' && token.kind !== 'string') {
      throw new EaqlSyntaxError(
        `Expected a value after "${operatorToken.text}" at position ${token.position}, found ${describeFound(token)}`,
        token.position,
      );
    }
    if (operatorToken.text !== '~') return convertEaqlValue(property, token);
    // A search is always for text, also on content.* where an unquoted 5 would otherwise be a number.
    if (token.text.trim() === '') {
      throw new EaqlSyntaxError(`Expected some text to search for after "~" at position ${token.position}`, token.position);
    }
    return token.text;
  }

  private parseInList(property: EaqlProperty, operatorToken: Token): EaqlValue[] {
    const open = this.next();
    if (open.kind !== '(') {
      throw new EaqlSyntaxError(
        `Expected "(" after ${operatorToken.text} at position ${open.position}, as in stencil in (story, video)`,
        open.position,
      );
    }
    const values: EaqlValue[] = [];
    for (;;) {
      const token = this.next();
      if (token.kind !== 'word' && token.kind !== 'string') {
        throw new EaqlSyntaxError(`Expected a value at position ${token.position}, found ${describeFound(token)}`, token.position);
      }
      if (values.length === EAQL_LIMITS.maxInValues) {
        throw new EaqlSyntaxError(`An in list holds at most ${EAQL_LIMITS.maxInValues} values (position ${token.position})`, token.position);
      }
      values.push(convertEaqlValue(property, token));
      const separator = this.next();
      if (separator.kind === ')') return values;
      if (separator.kind !== ',') {
        throw new EaqlSyntaxError(
          `Expected "," or ")" at position ${separator.position} to continue the list opened at position ${open.position}, found ${describeFound(separator)}`,
          separator.position,
        );
      }
    }
  }
}

export interface ParseEaqlOptions {
  /** The fixed properties; EAQL_PROPERTIES unless a caller adds its own. */
  properties?: EaqlCatalogue;
}

/**
 * Spec 002 §2 (EAQL): parses an advanced query into a typed tree, or returns an error whose message names the
 * position it points at. Never throws.
 */
export function parseEaql(query: string, options: ParseEaqlOptions = {}): EaqlParseResult {
  if (query.length > EAQL_LIMITS.maxLength) {
    const position = EAQL_LIMITS.maxLength;
    return { ok: false, error: { message: `The query is too long: at most ${position.toLocaleString('en-US')} characters (position ${position})`, position } };
  }
  try {
    const parser = new Parser(tokenize(query), options.properties ?? EAQL_PROPERTIES);
    return { ok: true, query: parser.parseQuery() };
  } catch (error) {
    if (error instanceof EaqlSyntaxError) return { ok: false, error: { message: error.message, position: error.position } };
    throw error;
  }
}
