import { sql, type RawBuilder } from 'kysely';
import { EAQL_PROPERTIES, eaqlDateRange, type EaqlNode, type EaqlProperty, type EaqlValue } from '@editor/domain';
import { MAX_SEARCH_TERMS, searchTerms } from '../../../db/dialects/fullText.ts';
import type { JsonKind } from '../../../db/dialects/json.ts';
import { NO_WORDED_FILTERS, type ListEngine, type WordedFilters } from '../../../db/dialects/listEngine.ts';
import { CONTENT_VALUE_MAX_LENGTH } from '../../../db/migrations/026_content_values.ts';

/**
 * Compiles an EAQL tree (spec 002 §2) to a SQL condition over `asset_localization as l`. Every value is a bound
 * parameter; property names only choose among the fixed expressions below.
 */

type FixedProperty = keyof typeof EAQL_PROPERTIES;

const ofAsset = (column: 'embargo_start' | 'embargo_end' | 'external_reference' | 'music_import') =>
  sql`(SELECT a.${sql.ref(column)} FROM asset a WHERE a.id = l.asset_id)`;

/** The value expression of each fixed property that compares like a column. */
function scalar(engine: ListEngine, name: FixedProperty): RawBuilder<unknown> | undefined {
  switch (name) {
    case 'id':
      return sql`l.asset_id`;
    case 'stencil':
      return sql`l.stencil`;
    case 'status':
      return sql`l.status`;
    case 'localization':
      return sql`l.locale`;
    case 'title':
      return sql`l.title`;
    case '_meta.createdDate':
      return sql`l.created_at`;
    case '_meta.createdBy':
      return sql`l.created_by`;
    case '_meta.updatedDate':
      return sql`l.updated_at`;
    case '_meta.updatedBy':
      return sql`l.updated_by`;
    case '_meta.version':
      return sql`l.version`;
    case '_meta.published':
      return sql`(l.first_published_at IS NOT NULL)`;
    case '_meta.firstPublished':
      return sql`l.first_published_at`;
    case '_meta.lastPublished':
      return sql`l.last_published_at`;
    case '_meta.publishSchedule.startDate':
      return sql`l.publish_start`;
    case '_meta.publishSchedule.endDate':
      return sql`l.publish_end`;
    case '_meta.embargo.startDate':
      return ofAsset('embargo_start');
    case '_meta.embargo.endDate':
      return ofAsset('embargo_end');
    case '_meta.aiTranslationNeedsConfirmation':
      return sql`coalesce(${engine.jsonValue(sql`l.meta`, ['aiTranslationNeedsConfirmation'], 'boolean')}, ${engine.booleanParam(false)})`;
    case '_meta.externalReference.origin':
      return engine.jsonValue(ofAsset('external_reference'), ['origin'], 'text');
    case '_meta.externalReference.foreignId':
      return engine.jsonValue(ofAsset('external_reference'), ['foreignId'], 'text');
    case 'meppImport.masterDataId':
      return engine.jsonValue(ofAsset('music_import'), ['masterDataId'], 'text');
    case 'meppImport.program':
      return engine.jsonValue(ofAsset('music_import'), ['program'], 'text');
    case 'spaces':
    case 'fulltext':
    case 'bookmarked':
      return undefined;
  }
}

const kindOf = (value: EaqlValue): JsonKind => (typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text');

const contentPath = (property: EaqlProperty) => {
  const [input = '', ...children] = property.path ?? [];
  return [input, 'value', ...children];
};

/**
 * The versions whose content holds `value` (text) at the property's path, from the index of content values
 * (migration 026), when it keeps that path and value: `content.<input>` or `content.<input>.<child>`, text up to its
 * length limit. The condition it narrows still tests each version, so the index only decides how few are read.
 */
function indexedContentValue(property: EaqlProperty, value: EaqlValue): RawBuilder<boolean> | undefined {
  const path = property.path;
  if (!path || path.length > 2 || property.type === 'date') return undefined;
  if (path.some((name) => /[{},"\\.]/.test(name))) return undefined;
  if (typeof value !== 'string' || value.length > CONTENT_VALUE_MAX_LENGTH) return undefined;
  return sql<boolean>`((l.asset_id, l.locale) IN (SELECT v.asset_id, v.locale FROM asset_content_value v WHERE v.path = ${path.join('.')} AND v.value = ${value}))`;
}

/** `tested`, read through the index of content values where it keeps the value asked for. */
const narrowed = (index: RawBuilder<boolean> | undefined, tested: RawBuilder<boolean>) => (index ? sql<boolean>`(${index} AND ${tested})` : tested);

function param(engine: ListEngine, value: EaqlValue): RawBuilder<unknown> {
  return typeof value === 'boolean' ? engine.booleanParam(value) : sql`${value}`;
}

/** `x = v` where a missing x is simply not equal; a date alone means its whole UTC day. */
function equals(engine: ListEngine, property: EaqlProperty, expr: RawBuilder<unknown>, value: EaqlValue): RawBuilder<boolean> {
  if (property.type === 'date' && typeof value === 'string') {
    const range = eaqlDateRange(value);
    return sql<boolean>`(${expr} >= ${range.from} AND ${expr} < ${range.to})`;
  }
  return sql<boolean>`(${expr} = ${param(engine, value)})`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function orderComparison(property: EaqlProperty, expr: RawBuilder<unknown>, operator: '<' | '<=' | '>' | '>=', value: EaqlValue, engine: ListEngine): RawBuilder<boolean> {
  if (property.type === 'date' && typeof value === 'string') {
    const { from, to } = eaqlDateRange(value);
    // A whole day: before it, up to its end, after it, from its start.
    const bound = { '<': sql`${expr} < ${from}`, '<=': sql`${expr} < ${to}`, '>': sql`${expr} >= ${to}`, '>=': sql`${expr} >= ${from}` }[operator];
    return sql<boolean>`(${bound})`;
  }
  return sql<boolean>`(${expr} ${sql.raw(operator)} ${param(engine, value)})`;
}

/** Whether the asset is in one of the spaces (any space when none are named): `spaces` is multi-valued. */
const spaceMatch = (values: readonly EaqlValue[] | undefined) =>
  sql<boolean>`EXISTS (SELECT 1 FROM asset_space s WHERE s.asset_id = l.asset_id${values ? sql` AND s.space IN (${sql.join(values.map((v) => sql`${String(v)}`))})` : sql``})`;

function condition(engine: ListEngine, userId: string, node: Exclude<EaqlNode, { kind: 'and' | 'or' | 'not' }>): RawBuilder<boolean> {
  const { property } = node;
  if (property.name === 'spaces') {
    if (node.kind === 'exists') return spaceMatch(undefined);
    if (node.kind === 'in') return spaceMatch(node.values);
    return node.operator === '!=' ? sql<boolean>`NOT ${spaceMatch([node.value])}` : spaceMatch([node.value]);
  }
  if (property.name === 'bookmarked') {
    const bookmarked = sql<boolean>`EXISTS (SELECT 1 FROM bookmark b WHERE b.asset_id = l.asset_id AND b.locale = l.locale AND b.user_id = ${userId})`;
    if (node.kind === 'exists') return sql<boolean>`(1 = 1)`;
    const wanted = node.kind === 'compare' ? (node.value === true) === (node.operator === '=') : true;
    return wanted ? bookmarked : sql<boolean>`NOT ${bookmarked}`;
  }
  if (property.name === 'fulltext') {
    const terms = node.kind === 'compare' ? searchTerms(String(node.value)) : [];
    return terms.length > 0 ? engine.fullTextMatches(terms) : sql<boolean>`(1 = 0)`;
  }
  const isContent = property.path !== undefined;
  const expression = (kind: JsonKind) => (isContent ? engine.jsonValue(sql`l.content`, contentPath(property), kind) : scalar(engine, property.name as FixedProperty));
  if (node.kind === 'exists') {
    if (isContent) return engine.jsonHasValue(sql`l.content`, contentPath(property));
    return sql<boolean>`(${expression('text')} IS NOT NULL)`;
  }
  if (node.kind === 'in') {
    const expr = expression('text')!;
    return sql<boolean>`(${expr} IN (${sql.join(node.values.map((value) => param(engine, value)))}))`;
  }
  const expr = expression(kindOf(node.value));
  if (!expr) throw new Error(`EAQL property ${property.name} has no SQL expression`);
  switch (node.operator) {
    case '=':
      return narrowed(isContent ? indexedContentValue(property, node.value) : undefined, equals(engine, property, expr, node.value));
    case '!=':
      // Spec decision: `a != v` is exactly `NOT a = v`, so a missing value matches.
      return sql<boolean>`NOT coalesce(${equals(engine, property, expr, node.value)}, ${engine.booleanParam(false)})`;
    case '~':
      return sql<boolean>`(lower(${expr}) LIKE ${`%${escapeLike(String(node.value).toLowerCase())}%`} ESCAPE '\\')`;
    default:
      return orderComparison(property, expr, node.operator, node.value, engine);
  }
}

/** The SQL condition of an EAQL tree; `userId` answers `bookmarked`. */
export function compileEaql(engine: ListEngine, node: EaqlNode, userId: string): RawBuilder<boolean> {
  switch (node.kind) {
    case 'and':
    case 'or':
      return sql<boolean>`(${sql.join(
        node.operands.map((operand) => compileEaql(engine, operand, userId)),
        sql.raw(node.kind === 'and' ? ' AND ' : ' OR '),
      )})`;
    case 'not':
      return sql<boolean>`NOT coalesce(${compileEaql(engine, node.operand, userId)}, ${engine.booleanParam(false)})`;
    default:
      return condition(engine, userId, node);
  }
}

/** The list's filter parameters that are EAQL conditions, by the facet each filters, and the EAQL property each spells. */
const FILTER_PROPERTIES = { stencil: 'stencil', localization: 'localization', publishstatus: 'status' } as const;

/**
 * The list's stencil, localization and status filter parameters as the EAQL conditions they spell, each with its
 * facet: one value is `stencil = story`, several `stencil in (story, video)`.
 */
export function filterConditions(filters: Readonly<Record<keyof typeof FILTER_PROPERTIES, readonly string[]>>): Array<{ facet: keyof typeof FILTER_PROPERTIES; node: EaqlNode }> {
  return (Object.keys(FILTER_PROPERTIES) as Array<keyof typeof FILTER_PROPERTIES>).flatMap((facet) => {
    const values = filters[facet];
    const name = FILTER_PROPERTIES[facet];
    const property: EaqlProperty = { name, type: EAQL_PROPERTIES[name].type };
    if (values.length === 0) return [];
    const [value] = values;
    const node: EaqlNode = values.length === 1 && value !== undefined ? { kind: 'compare', property, operator: '=', value } : { kind: 'in', property, values: [...values] };
    return [{ facet, node }];
  });
}

/** The operands of a top-level AND (nested ANDs flattened), or the query itself. */
export const conjuncts = (node: EaqlNode): EaqlNode[] => (node.kind === 'and' ? node.operands.flatMap(conjuncts) : [node]);

/** The AND of conditions: none is no condition, one is itself. */
const allOf = (operands: EaqlNode[]): EaqlNode | undefined => (operands.length === 0 ? undefined : operands.length === 1 ? operands[0] : { kind: 'and', operands });

/**
 * Splits off the `fulltext ~` conditions every match must meet (those of a top-level AND, or the query itself): their
 * words are searched the way a search text is, through the search index newest first, instead of being tested
 * against every version a list walks (seconds for a common word at a million versions). `rest` is the remaining
 * condition, if any. Words beyond what a search takes stay in `rest`.
 */
export function splitFullText(node: EaqlNode): { terms: string[]; rest: EaqlNode | undefined } {
  const terms: string[] = [];
  const rest: EaqlNode[] = [];
  for (const operand of conjuncts(node)) {
    const words = operand.kind === 'compare' && operand.property.name === 'fulltext' ? searchTerms(String(operand.value)) : [];
    const isSearched = words.length > 0 && terms.length + words.length <= MAX_SEARCH_TERMS;
    if (isSearched) terms.push(...words);
    else rest.push(operand);
  }
  return { terms, rest: allOf(rest) };
}

/** The EAQL properties a search can ask its index for as words, and the set of `WordedFilters` each fills. */
const WORDED_PROPERTIES = { stencil: 'stencil', localization: 'locale', status: 'status' } as const;
type WordedProperty = keyof typeof WORDED_PROPERTIES;

/** The values a condition holds its worded property to (`stencil = athlete`, `status in (draft, published)`), if it is one. */
function wordedValues(node: EaqlNode): { set: WordedProperty; values: string[] } | undefined {
  if (node.kind !== 'compare' && node.kind !== 'in') return undefined;
  const { name, path } = node.property;
  if (path !== undefined || !(name in WORDED_PROPERTIES)) return undefined;
  const values = node.kind === 'in' ? node.values : node.operator === '=' ? [node.value] : [];
  const isText = values.length > 0 && values.every((value) => typeof value === 'string');
  return isText ? { set: name as WordedProperty, values: values as string[] } : undefined;
}

/**
 * For an advanced query that searches words: splits off the conditions of a top-level AND that hold a stencil,
 * localization or status to one or more values, which then filter the list as its own filters do (PostgreSQL's search
 * asks its index for them as words of each version, `filterWords`). Tested on each match only, `stencil = athlete` made
 * `fulltext ~ mostar AND stencil = athlete` read the matches of a word a third of the archive holds (250 against 100 ms
 * at p50 at a million versions). A property that more than one such condition names stays in `rest`.
 */
export function splitWorded(node: EaqlNode | undefined): { words: WordedFilters; rest: EaqlNode | undefined } {
  const operands = node ? conjuncts(node) : [];
  const named = operands.map(wordedValues);
  const timesNamed = (set: WordedProperty) => named.filter((worded) => worded?.set === set).length;
  const words = { ...NO_WORDED_FILTERS };
  const rest: EaqlNode[] = [];
  for (const [index, operand] of operands.entries()) {
    const worded = named[index];
    if (worded && timesNamed(worded.set) === 1) words[WORDED_PROPERTIES[worded.set]] = worded.values;
    else rest.push(operand);
  }
  return { words, rest: allOf(rest) };
}

/**
 * Spec 001 §3: `q` is an advanced expression when it reads like one (a property followed by an operator, or a
 * leading NOT or parenthesis); anything else is a search text.
 */
export function looksLikeEaql(q: string): boolean {
  return /^\s*(\(|NOT\s)/i.test(q) || /^\s*[A-Za-z_][\w.-]*\s*(=|!=|<|>|~|\s(in\s*\(|exists\b))/i.test(q);
}
