import { describe, expect, it } from 'vitest';
import type { EaqlNode, EaqlProperty, EaqlValue } from './ast.ts';
import { EAQL_LIMITS, parseEaql } from './parseEaql.ts';
import { EAQL_PROPERTIES, type EaqlCatalogue, type EaqlType } from './properties.ts';

const TEST_CATALOGUE: EaqlCatalogue = { ...EAQL_PROPERTIES, score: { type: 'float', description: 'A float for the tests.' } };

function parsed(query: string): EaqlNode {
  const result = parseEaql(query, { properties: TEST_CATALOGUE });
  if (!result.ok) throw new Error(`${query}: ${result.error.message}`);
  return result.query;
}

const fixed = (name: string, type: EaqlType): EaqlProperty => ({ name, type });
const content = (...path: string[]): EaqlProperty => ({ name: `content.${path.join('.')}`, type: 'text', path });
const compare = (property: EaqlProperty, operator: Extract<EaqlNode, { kind: 'compare' }>['operator'], value: EaqlValue): EaqlNode => ({
  kind: 'compare',
  property,
  operator,
  value,
});
const eq = (name: string, value: string): EaqlNode => compare(fixed(name, 'keyword'), '=', value);

const stencil = fixed('stencil', 'keyword');
const title = fixed('title', 'text');
const version = fixed('_meta.version', 'long');
const score = fixed('score', 'float');
const updated = fixed('_meta.updatedDate', 'date');
const bookmarked = fixed('bookmarked', 'boolean');

describe('parseEaql: every operator on every datatype (spec 002 §2)', () => {
  it.each<[string, EaqlNode]>([
    // keyword
    ['stencil = story', compare(stencil, '=', 'story')],
    ['status != draft', compare(fixed('status', 'keyword'), '!=', 'draft')],
    ['localization in (en, "pt-BR", de-AT)', { kind: 'in', property: fixed('localization', 'keyword'), values: ['en', 'pt-BR', 'de-AT'] }],
    ['_meta.externalReference.origin exists', { kind: 'exists', property: fixed('_meta.externalReference.origin', 'keyword') }],
    ['spaces = 123', compare(fixed('spaces', 'keyword'), '=', '123')],
    ['_meta.createdBy = emma@example.com', compare(fixed('_meta.createdBy', 'keyword'), '=', 'emma@example.com')],
    // text
    ['title = "Cliff diving"', compare(title, '=', 'Cliff diving')],
    ['title != x', compare(title, '!=', 'x')],
    ['title ~ cliff', compare(title, '~', 'cliff')],
    ['title ~ Café', compare(title, '~', 'Café')],
    ['title exists', { kind: 'exists', property: title }],
    ['fulltext ~ "mountain bike"', compare(fixed('fulltext', 'text'), '~', 'mountain bike')],
    // long
    ['_meta.version = 3', compare(version, '=', 3)],
    ['_meta.version != -2', compare(version, '!=', -2)],
    ['_meta.version < 10', compare(version, '<', 10)],
    ['_meta.version <= 10', compare(version, '<=', 10)],
    ['_meta.version > +1', compare(version, '>', 1)],
    ['_meta.version >= -0', compare(version, '>=', 0)],
    ['_meta.version = "7"', compare(version, '=', 7)],
    // float
    ['score = 1.5', compare(score, '=', 1.5)],
    ['score < .5', compare(score, '<', 0.5)],
    ['score >= 2e3', compare(score, '>=', 2000)],
    ['score > -4', compare(score, '>', -4)],
    ['score exists', { kind: 'exists', property: score }],
    // date
    ['_meta.updatedDate >= 2026-01-01', compare(updated, '>=', '2026-01-01')],
    ['_meta.updatedDate < 2026-01-31T10:00:00Z', compare(updated, '<', '2026-01-31T10:00:00.000Z')],
    ['_meta.updatedDate <= 2026-01-31T10:00+02:00', compare(updated, '<=', '2026-01-31T08:00:00.000Z')],
    ['_meta.updatedDate > 2026-01-31t10:00:00.123456z', compare(updated, '>', '2026-01-31T10:00:00.123Z')],
    ['_meta.updatedDate = 2026-01-31T23:30:00-01:00', compare(updated, '=', '2026-02-01T00:30:00.000Z')],
    ['_meta.updatedDate != "2024-02-29T10:00"', compare(updated, '!=', '2024-02-29T10:00:00.000Z')],
    ['_meta.lastPublished exists', { kind: 'exists', property: fixed('_meta.lastPublished', 'date') }],
    // boolean
    ['bookmarked = true', compare(bookmarked, '=', true)],
    ['bookmarked != FALSE', compare(bookmarked, '!=', false)],
    ['_meta.aiTranslationNeedsConfirmation = "true"', compare(fixed('_meta.aiTranslationNeedsConfirmation', 'boolean'), '=', true)],
    ['bookmarked exists', { kind: 'exists', property: bookmarked }],
    // content: the value keeps the kind it was written as
    ['content.teaser = hello', compare(content('teaser'), '=', 'hello')],
    ['content.video.duration > 600', compare(content('video', 'duration'), '>', 600)],
    ['content.geolocation.latitude <= -47.25', compare(content('geolocation', 'latitude'), '<=', -47.25)],
    ['content.standalone = true', compare(content('standalone'), '=', true)],
    ['content.motorsport-event-id = "12345"', compare(content('motorsport-event-id'), '=', '12345')],
    ['content.event-start-date.date >= 2026-06-01', compare(content('event-start-date', 'date'), '>=', '2026-06-01')],
    ['content.hero-image.referenceId != abc', compare(content('hero-image', 'referenceId'), '!=', 'abc')],
    ['content.teaser ~ 5', compare(content('teaser'), '~', '5')],
    ['content.hero-image exists', { kind: 'exists', property: content('hero-image') }],
    ['content.custom-properties.key < m', compare(content('custom-properties', 'key'), '<', 'm')],
  ])('%s', (query, expected) => {
    expect(parsed(query)).toEqual(expected);
  });
});

describe('parseEaql: precedence, parentheses and keywords', () => {
  const a = eq('stencil', 'a');
  const b = eq('status', 'b');
  const c = eq('localization', 'c');
  it.each<[string, EaqlNode]>([
    ['stencil = a OR status = b AND localization = c', { kind: 'or', operands: [a, { kind: 'and', operands: [b, c] }] }],
    ['stencil = a AND status = b OR localization = c', { kind: 'or', operands: [{ kind: 'and', operands: [a, b] }, c] }],
    ['NOT stencil = a AND status = b', { kind: 'and', operands: [{ kind: 'not', operand: a }, b] }],
    ['NOT (stencil = a OR status = b)', { kind: 'not', operand: { kind: 'or', operands: [a, b] } }],
    ['(stencil = a OR status = b) AND localization = c', { kind: 'and', operands: [{ kind: 'or', operands: [a, b] }, c] }],
    ['stencil = a AND status = b AND localization = c', { kind: 'and', operands: [a, b, c] }],
    ['stencil = a AND (status = b AND localization = c)', { kind: 'and', operands: [a, { kind: 'and', operands: [b, c] }] }],
    ['((stencil = a))', a],
    ['NOT NOT stencil = a', { kind: 'not', operand: { kind: 'not', operand: a } }],
    ['stencil = a and status = b Or NOT localization = c', { kind: 'or', operands: [{ kind: 'and', operands: [a, b] }, { kind: 'not', operand: c }] }],
    ['nOt stencil = a', { kind: 'not', operand: a }],
    ['stencil IN (a)', { kind: 'in', property: stencil, values: ['a'] }],
    ['title EXISTS', { kind: 'exists', property: title }],
    ['bookmarked = True', compare(bookmarked, '=', true)],
    ['stencil=a AND\n\tstatus=b', { kind: 'and', operands: [a, b] }],
    ['stencil=a OR(status=b)', { kind: 'or', operands: [a, b] }],
    ['title = not', compare(title, '=', 'not')],
  ])('%s', (query, expected) => {
    expect(parsed(query)).toEqual(expected);
  });
});

describe('parseEaql: quoted strings', () => {
  it.each<[string, string]>([
    ['title = "say \\"hi\\""', 'say "hi"'],
    ['title = "back\\\\slash"', 'back\\slash'],
    ['title = ""', ''],
    ['title = "AND"', 'AND'],
    ['title = "a (b), c = d"', 'a (b), c = d'],
    ['title = "line\nbreak"', 'line\nbreak'],
  ])('%s', (query, value) => {
    expect(parsed(query)).toEqual(compare(title, '=', value));
  });

  it('reads the example of the help page with an id list', () => {
    expect(parsed('id in ("0b9c7a52-3f1e-4d6a-9c2b-5e8f1a7d4c30", 4f1a2b3c-5d6e-4f70-8a9b-0c1d2e3f4a5b)')).toEqual({
      kind: 'in',
      property: fixed('id', 'keyword'),
      values: ['0b9c7a52-3f1e-4d6a-9c2b-5e8f1a7d4c30', '4f1a2b3c-5d6e-4f70-8a9b-0c1d2e3f4a5b'],
    });
  });
});

describe('parseEaql: errors point at their position', () => {
  it.each<[string, string, number]>([
    ['', 'The query is empty (position 0)', 0],
    ['   ', 'The query is empty (position 0)', 0],
    ['colour = red', 'Unknown property "colour" at position 0', 0],
    ['stencil = a AND colour = red', 'Unknown property "colour" at position 16', 16],
    ['Title = x', 'Unknown property "Title" at position 0; did you mean "title"?', 0],
    ['ratings.editorial > 3', 'Unknown property "ratings.editorial" at position 0; this editor keeps no ratings', 0],
    ['constructor = x', 'Unknown property "constructor" at position 0', 0],
    ['content = x', 'Unknown property "content" at position 0; name an input after "content.", e.g. content.teaser or content.geolocation.latitude', 0],
    ['content..a = x', 'Unknown property "content..a" at position 0; name an input after "content.", e.g. content.teaser or content.geolocation.latitude', 0],
    ['content.a/b = x', 'Unknown property "content.a/b" at position 0; name an input after "content.", e.g. content.teaser or content.geolocation.latitude', 0],
    ['title in (a, b)', 'The in operator works only on keyword fields; "title" is text (position 6)', 6],
    ['content.tags in (a)', 'The in operator works only on keyword fields; "content.tags" is text (position 13)', 13],
    ['_meta.version in (1)', 'The in operator works only on keyword fields; "_meta.version" is long (position 14)', 14],
    ['stencil ~ story', 'The ~ operator works only on text fields; "stencil" is keyword (position 8)', 8],
    ['stencil < story', 'The < operator works only on long, float and date fields and content.*; "stencil" is keyword (position 8)', 8],
    ['bookmarked >= true', 'The >= operator works only on long, float and date fields and content.*; "bookmarked" is boolean (position 11)', 11],
    ['title > b', 'The > operator works only on long, float and date fields and content.*; "title" is text (position 6)', 6],
    ['fulltext = x', '"fulltext" works only with the ~ operator (position 9)', 9],
    ['fulltext exists', '"fulltext" works only with the ~ operator (position 9)', 9],
    ['stencil =', 'Expected a value after "=" at position 9, found the end of the query', 9],
    ['stencil = )', 'Expected a value after "=" at position 10, found ")"', 10],
    ['stencil story', 'Expected an operator (=, !=, <, <=, >, >=, ~, in, exists) after "stencil" at position 8, found "story"', 8],
    ['stencil', 'Expected an operator (=, !=, <, <=, >, >=, ~, in, exists) after "stencil" at position 7, found the end of the query', 7],
    ['stencil = story AND', 'Expected a property name at position 19, found the end of the query', 19],
    ['AND stencil = story', 'Expected a property name at position 0, found "AND"', 0],
    ['NOT', 'Expected a property name at position 3, found the end of the query', 3],
    ['()', 'Expected a property name at position 1, found ")"', 1],
    ['"title" = x', 'Expected a property name at position 0, found "title"', 0],
    ['title = cliff diving', 'Expected AND, OR or the end of the query at position 14, found "diving"; put a value with spaces in double quotes', 14],
    ['status = draft stencil = story', 'Expected AND, OR or the end of the query at position 15, found "stencil"; join conditions with AND or OR', 15],
    ['title exists stencil = a', 'Expected AND, OR or the end of the query at position 13, found "stencil"; join conditions with AND or OR', 13],
    ['title exists foo', 'Expected AND, OR or the end of the query at position 13, found "foo"', 13],
    ['status = draft (', 'Expected AND, OR or the end of the query at position 15, found "("', 15],
    ['(status = draft', 'Expected ")" at position 15 to close the "(" at position 0, found the end of the query', 15],
    ['(status = draft OR (stencil = a)', 'Expected ")" at position 32 to close the "(" at position 0, found the end of the query', 32],
    ['status = draft)', 'Unexpected ")" at position 14; there is no "(" to close', 14],
    ['title = "cliff', 'Missing closing quote for the string at position 8', 8],
    ['title = "cliff\\', 'Missing closing quote for the string at position 8', 8],
    ['title = "a\\n"', 'Unknown escape "\\n" at position 10; inside quotes write \\" for a quote and \\\\ for a backslash', 10],
    ['title # x', 'Unexpected character "#" at position 6', 6],
    ['status ! draft', 'Unexpected character "!" at position 7; did you mean "!="?', 7],
    ['stencil in story', 'Expected "(" after in at position 11, as in stencil in (story, video)', 11],
    ['stencil in ()', 'Expected a value at position 12, found ")"', 12],
    ['stencil in (a,', 'Expected a value at position 14, found the end of the query', 14],
    ['stencil in (a b)', 'Expected "," or ")" at position 14 to continue the list opened at position 11, found "b"', 14],
    ['title ~ ""', 'Expected some text to search for after "~" at position 8', 8],
    ['title ~ "  "', 'Expected some text to search for after "~" at position 8', 8],
    ['_meta.version = 1.5', 'Expected a whole number for "_meta.version" (long) at position 16, found "1.5"', 16],
    ['_meta.version = 9007199254740993', 'Expected a whole number for "_meta.version" (long) at position 16, found "9007199254740993"', 16],
    ['score = 1e999', 'Expected a number for "score" (float) at position 8, found "1e999"', 8],
    ['score = ten', 'Expected a number for "score" (float) at position 8, found "ten"', 8],
    ['_meta.updatedDate < 2026-02-30', 'Expected a date like 2026-01-31 or 2026-01-31T10:00:00Z for "_meta.updatedDate" (date) at position 20, found "2026-02-30"', 20],
    ['_meta.updatedDate < 2026-01-31T24:00:00Z', 'Expected a date like 2026-01-31 or 2026-01-31T10:00:00Z for "_meta.updatedDate" (date) at position 20, found "2026-01-31T24:00:00Z"', 20],
    ['_meta.updatedDate < yesterday', 'Expected a date like 2026-01-31 or 2026-01-31T10:00:00Z for "_meta.updatedDate" (date) at position 20, found "yesterday"', 20],
    ['bookmarked = yes', 'Expected true or false for "bookmarked" (boolean) at position 13, found "yes"', 13],
  ])('%j', (query, message, position) => {
    expect(parseEaql(query, { properties: TEST_CATALOGUE })).toEqual({ ok: false, error: { message, position } });
  });
});

const conditions = (count: number) => Array.from({ length: count }, () => 'stencil = a').join(' OR ');
const listValues = (count: number) => Array.from({ length: count }, (_, index) => `s${index}`).join(', ');

describe('parseEaql: limits', () => {
  it('reads 2,000 characters and refuses one more', () => {
    const query = `title = "${'x'.repeat(EAQL_LIMITS.maxLength - 10)}"`;
    expect(query).toHaveLength(2000);
    expect(parseEaql(query).ok).toBe(true);
    expect(parseEaql(`${query} `)).toEqual({
      ok: false,
      error: { message: 'The query is too long: at most 2,000 characters (position 2000)', position: 2000 },
    });
  });

  it('reads 100 conditions and refuses the 101st where it starts', () => {
    expect(parseEaql(conditions(100)).ok).toBe(true);
    const position = conditions(100).length + ' OR '.length;
    expect(parseEaql(conditions(101))).toEqual({
      ok: false,
      error: { message: `The query has too many conditions: at most 100 (position ${position})`, position },
    });
  });

  it('reads 20 levels of parentheses and refuses the 21st', () => {
    expect(parseEaql(`${'('.repeat(20)}stencil = a${')'.repeat(20)}`).ok).toBe(true);
    expect(parseEaql(`${'('.repeat(21)}stencil = a${')'.repeat(21)}`)).toEqual({
      ok: false,
      error: { message: 'The query nests too deeply: at most 20 levels of parentheses and NOT (position 20)', position: 20 },
    });
  });

  it('counts NOT as a level, too', () => {
    expect(parseEaql(`${'NOT '.repeat(20)}stencil = a`).ok).toBe(true);
    expect(parseEaql(`${'NOT ('.repeat(10)}stencil = a${')'.repeat(10)}`).ok).toBe(true);
    expect(parseEaql(`${'NOT '.repeat(21)}stencil = a`)).toEqual({
      ok: false,
      error: { message: 'The query nests too deeply: at most 20 levels of parentheses and NOT (position 80)', position: 80 },
    });
  });

  it('survives deep nesting far beyond the limit without overflowing the stack', () => {
    const result = parseEaql('('.repeat(1999));
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ position: 20 }) });
  });

  it('reads 100 values in an in list and refuses the 101st', () => {
    expect(parseEaql(`stencil in (${listValues(100)})`).ok).toBe(true);
    const query = `stencil in (${listValues(101)})`;
    const position = query.indexOf('s100');
    expect(parseEaql(query)).toEqual({
      ok: false,
      error: { message: `An in list holds at most 100 values (position ${position})`, position },
    });
  });
});
