import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EaqlNode, EaqlParseResult, EaqlProperty, EaqlValue } from './ast.ts';
import { describeEaql } from './describeEaql.ts';
import { EAQL_LIMITS, parseEaql } from './parseEaql.ts';
import { EAQL_PROPERTIES, eaqlOperatorsFor, type EaqlCatalogue, type EaqlType } from './properties.ts';

const CATALOGUE: EaqlCatalogue = { ...EAQL_PROPERTIES, score: { type: 'float', description: 'A float for the tests.' } };
const parse = (query: string) => parseEaql(query, { properties: CATALOGUE });

describe('describeEaql', () => {
  it.each<[string, string]>([
    ['stencil in (story,video) and localization=en and not status=draft', 'stencil in (story, video) AND localization = en AND NOT status = draft'],
    ['title ~ "cliff diving"', 'title ~ "cliff diving"'],
    ['title = "say \\"hi\\" \\\\ bye"', 'title = "say \\"hi\\" \\\\ bye"'],
    ['title = "and"', 'title = "and"'],
    ['title = "12"', 'title = "12"'],
    ['content.x = "12"', 'content.x = "12"'],
    ['content.x = 12', 'content.x = 12'],
    ['content.x = "true"', 'content.x = "true"'],
    ['_meta.updatedDate >= 2026-01-31T12:00+01:00', '_meta.updatedDate >= 2026-01-31T11:00:00.000Z'],
    ['(stencil = a OR stencil = b) AND NOT (status = c AND status = d)', '(stencil = a OR stencil = b) AND NOT (status = c AND status = d)'],
    ['stencil = a OR status = b AND title exists', 'stencil = a OR status = b AND title exists'],
    ['stencil = a AND (status = b AND title exists)', 'stencil = a AND (status = b AND title exists)'],
    ['stencil = a OR (status = b OR title exists)', 'stencil = a OR (status = b OR title exists)'],
    ['NOT NOT bookmarked = TRUE', 'NOT NOT bookmarked = true'],
  ])('writes %s as %s', (query, canonical) => {
    const result = parse(query);
    if (!result.ok) throw new Error(result.error.message);
    expect(describeEaql(result.query)).toBe(canonical);
    expect(parse(canonical)).toEqual(result);
  });
});

// Random query trees, built only from what the parser can produce.

const text = fc.string({ unit: 'binary', maxLength: 16 });
const searchText = text.filter((value) => value.trim() !== '');
const finiteNumber = fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => (value === 0 ? 0 : value));
const instant = fc.date({ min: new Date('0001-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });
const dateValue = fc.oneof(
  instant.map((date) => date.toISOString()),
  instant.map((date) => date.toISOString().slice(0, 10)),
);

const VALUES: Record<EaqlType, fc.Arbitrary<EaqlValue>> = {
  keyword: text,
  text,
  long: fc.maxSafeInteger().map((value) => (value === 0 ? 0 : value)),
  float: finiteNumber,
  date: dateValue,
  boolean: fc.boolean(),
};
const contentValue: fc.Arbitrary<EaqlValue> = fc.oneof(text, finiteNumber, fc.boolean());

const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/);
const contentProperty = fc.array(segment, { minLength: 1, maxLength: 3 }).map((path): EaqlProperty => ({ name: `content.${path.join('.')}`, type: 'text', path }));
const fixedProperty = fc.constantFrom(...Object.entries(CATALOGUE)).map(([name, definition]) => ({ property: { name, type: definition.type } as EaqlProperty, definition }));
const anyProperty = fc.oneof(
  fixedProperty,
  contentProperty.map((property) => ({ property, definition: { type: 'text' as const } })),
);

const condition: fc.Arbitrary<EaqlNode> = anyProperty.chain(({ property, definition }) => {
  const values = property.path ? contentValue : VALUES[property.type];
  const operators = eaqlOperatorsFor(definition, property.path !== undefined);
  return fc.constantFrom(...operators).chain((operator): fc.Arbitrary<EaqlNode> => {
    if (operator === 'exists') return fc.constant({ kind: 'exists', property });
    if (operator === 'in') return fc.array(values, { minLength: 1, maxLength: 4 }).map((list) => ({ kind: 'in', property, values: list }));
    return (operator === '~' ? searchText : values).map((value) => ({ kind: 'compare', property, operator, value }));
  });
});

const tree = fc.letrec<{ node: EaqlNode; not: EaqlNode; and: EaqlNode; or: EaqlNode }>((tie) => ({
  node: fc.oneof({ maxDepth: 4, depthIdentifier: 'eaql' }, condition, tie('not'), tie('and'), tie('or')),
  not: tie('node').map((operand) => ({ kind: 'not', operand })),
  and: fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((operands) => ({ kind: 'and', operands })),
  or: fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((operands) => ({ kind: 'or', operands })),
})).node;

/** A parsed query reads back the same after describeEaql; an error lies inside the query and names its position. */
function expectWellFormed(query: string, result: EaqlParseResult) {
  const check = result.ok
    ? { readsBack: parse(describeEaql(result.query)), isInside: true, namesPosition: true }
    : {
        readsBack: result,
        isInside: result.error.position >= 0 && result.error.position <= query.length,
        namesPosition: result.error.message.includes(`position ${result.error.position}`),
      };
  expect(check).toEqual({ readsBack: result, isInside: true, namesPosition: true });
}

const SOUP = [
  '(', ')', ',', 'AND', 'or', 'Not', 'in', 'EXISTS', '=', '!=', '<', '<=', '>', '>=', '~', '!', '#', '\\',
  'title', 'stencil', 'spaces', 'fulltext', 'bookmarked', '_meta.version', '_meta.updatedDate', 'score', 'content.x', 'content.a.b',
  'content', 'content.', 'ratings.x', 'Title', 'constructor', '__proto__', 'story', '"a \\" b"', '"', '"unterminated', '"\\n"', '""',
  '12', '-1.5', '1e999', '2026-01-31', '2026-02-30', '2026-01-31T10:00Z', 'true', 'FALSE', 'é', '\u0000', '\uD800',
];

describe('EAQL never crashes and round-trips (property-based)', () => {
  it('parses random strings to a tree or to an error at a position inside the query', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (query) => {
        expectWellFormed(query, parse(query));
      }),
      { numRuns: 2000 },
    );
  });

  it('parses random token soups without throwing', () => {
    const soup = fc.array(fc.tuple(fc.constantFrom(...SOUP), fc.constantFrom(' ', '', '\n')), { maxLength: 30 }).map((parts) => parts.map(([token, space]) => token + space).join(''));
    fc.assert(
      fc.property(soup, (query) => {
        expectWellFormed(query, parse(query));
      }),
      { numRuns: 5000 },
    );
  });

  it('parses long and deep soups within the limits without throwing', () => {
    const soup = fc.array(fc.constantFrom('(', 'NOT ', ' AND ', 'stencil = a', ')', ' OR '), { maxLength: 600 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(soup, (query) => {
        expectWellFormed(query, parse(query));
      }),
      { numRuns: 300 },
    );
  });

  it('reads back every query tree it writes', () => {
    fc.assert(
      fc.property(tree, (node) => {
        const query = describeEaql(node);
        fc.pre(query.length <= EAQL_LIMITS.maxLength);
        expect(parse(query)).toEqual({ ok: true, query: node });
      }),
      { numRuns: 1000 },
    );
  });
});
