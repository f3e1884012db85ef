/** Spec 002 §2 (EAQL help page): the datatypes of the advanced search properties. */
export const EAQL_TYPES = ['keyword', 'text', 'long', 'float', 'date', 'boolean'] as const;
export type EaqlType = (typeof EAQL_TYPES)[number];

export interface EaqlPropertyDefinition {
  type: EaqlType;
  description: string;
  /** A search over several fields rather than a field: it takes only the ~ operator. */
  isSearchOnly?: true;
}

export type EaqlCatalogue = Readonly<Record<string, EaqlPropertyDefinition>>;

/**
 * Spec 002 §2: the fixed properties of the EAQL help page, in the order the page lists them.
 * `content.<input>` is dynamic and described by EAQL_CONTENT_PROPERTY. There are no `ratings.*`: nothing in this
 * product is rated, so the page says so instead of listing fields that would never match.
 */
export const EAQL_PROPERTIES = {
  id: { type: 'keyword', description: 'The asset id (shared by all localizations of an asset).' },
  stencil: { type: 'keyword', description: 'The asset type, by stencil name, e.g. story or video.' },
  status: { type: 'keyword', description: 'The status of the localization: draft, published or unpublished.' },
  localization: { type: 'keyword', description: 'The locale of the localization, e.g. en or pt-BR.' },
  spaces: { type: 'keyword', description: 'A content space of the asset; matches when any of its spaces matches.' },
  title: { type: 'text', description: 'The title of the localization.' },
  fulltext: {
    type: 'text',
    description: 'Searches the title and all text of the content, by words; use it with ~ only.',
    isSearchOnly: true,
  },
  bookmarked: { type: 'boolean', description: 'Whether you have bookmarked the localization (your favorites).' },
  '_meta.createdDate': { type: 'date', description: 'When the localization was created.' },
  '_meta.createdBy': { type: 'keyword', description: 'The name of the user who created the localization.' },
  '_meta.updatedDate': { type: 'date', description: 'When the localization was last saved.' },
  '_meta.updatedBy': { type: 'keyword', description: 'The name of the user who saved the localization last.' },
  '_meta.version': { type: 'long', description: 'The version number of the localization; every save adds one.' },
  '_meta.published': { type: 'boolean', description: 'Whether the localization has ever been published.' },
  '_meta.firstPublished': { type: 'date', description: 'When the localization was published for the first time.' },
  '_meta.lastPublished': { type: 'date', description: 'When the localization was published last.' },
  '_meta.publishSchedule.startDate': { type: 'date', description: 'The scheduled publish date.' },
  '_meta.publishSchedule.endDate': { type: 'date', description: 'The scheduled unpublish date.' },
  '_meta.embargo.startDate': { type: 'date', description: 'The start of the embargo of the asset.' },
  '_meta.embargo.endDate': { type: 'date', description: 'The end of the embargo of the asset.' },
  '_meta.aiTranslationNeedsConfirmation': {
    type: 'boolean',
    description: 'Whether an AI translation of the localization still needs to be confirmed (AI Draft).',
  },
  '_meta.externalReference.origin': { type: 'keyword', description: 'The system an imported asset comes from.' },
  '_meta.externalReference.foreignId': { type: 'keyword', description: 'The id of the asset in the system it comes from.' },
  'meppImport.masterDataId': { type: 'keyword', description: 'The MEPP master data id an asset was created from.' },
  'meppImport.program': { type: 'keyword', description: 'The import program of a MEPP import: meppconnect or rbu.' },
} as const satisfies EaqlCatalogue;

export const EAQL_CONTENT_PREFIX = 'content.';

/** The dynamic content properties, as the help page lists them. */
export const EAQL_CONTENT_PROPERTY = {
  name: 'content.<input-name>',
  nestedName: 'content.<input-name>.<child>',
  type: 'text',
  description:
    'The stored value of an input of the content, by the input name of its stencil (e.g. content.teaser); a child of a ' +
    'container or of a structured value follows after another dot (e.g. content.geolocation.latitude). An unquoted ' +
    'number compares as a number, true and false as a checkbox value, anything else as text; put a value in double ' +
    'quotes to compare it as text.',
} as const satisfies EaqlPropertyDefinition & { name: string; nestedName: string };

/** The comparison operators of EAQL. */
export const EAQL_COMPARE_OPERATORS = ['=', '!=', '<', '<=', '>', '>=', '~'] as const;
export type EaqlCompareOperator = (typeof EAQL_COMPARE_OPERATORS)[number];
export type EaqlOperator = EaqlCompareOperator | 'in' | 'exists';

const ORDERED: readonly EaqlOperator[] = ['=', '!=', '<', '<=', '>', '>=', 'exists'];
const OPERATORS_BY_TYPE: Record<EaqlType, readonly EaqlOperator[]> = {
  keyword: ['=', '!=', 'in', 'exists'],
  text: ['=', '!=', '~', 'exists'],
  long: ORDERED,
  float: ORDERED,
  date: ORDERED,
  boolean: ['=', '!=', 'exists'],
};
const CONTENT_OPERATORS: readonly EaqlOperator[] = ['=', '!=', '<', '<=', '>', '>=', '~', 'exists'];
const SEARCH_OPERATORS: readonly EaqlOperator[] = ['~'];

/** Spec 002 §2: which operators a property takes; `in` only on keyword fields. */
export function eaqlOperatorsFor(definition: Pick<EaqlPropertyDefinition, 'type' | 'isSearchOnly'>, isContent = false): readonly EaqlOperator[] {
  if (isContent) return CONTENT_OPERATORS;
  if (definition.isSearchOnly) return SEARCH_OPERATORS;
  return OPERATORS_BY_TYPE[definition.type];
}

/** Spec 002 §2: looks a fixed property up, without tripping over names like "constructor" that every object has. */
export function findEaqlProperty(catalogue: EaqlCatalogue, name: string): EaqlPropertyDefinition | undefined {
  return Object.hasOwn(catalogue, name) ? catalogue[name] : undefined;
}
