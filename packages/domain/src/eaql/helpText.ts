import { EAQL_LIMITS } from './parseEaql.ts';
import { EAQL_CONTENT_PROPERTY, EAQL_PROPERTIES, type EaqlType } from './properties.ts';

export interface HelpProperty {
  name: string;
  type: EaqlType;
  description: string;
}

export interface HelpOperator {
  operator: string;
  worksOn: string;
  meaning: string;
  example: string;
}

export interface HelpExample {
  query: string;
  explanation: string;
}

export interface HelpRoute {
  method: 'GET';
  path: string;
  title: string;
  description: string;
  /** Who may call it, as the page says it. */
  access: string;
  /** The roles that may call it (spec 000 §6 role names). */
  roles: readonly string[];
  parameters: ReadonlyArray<{ name: string; description: string }>;
}

const properties: HelpProperty[] = [
  ...Object.entries(EAQL_PROPERTIES).map(([name, { type, description }]) => ({ name, type, description })),
  { name: EAQL_CONTENT_PROPERTY.name, type: EAQL_CONTENT_PROPERTY.type, description: EAQL_CONTENT_PROPERTY.description },
  {
    name: EAQL_CONTENT_PROPERTY.nestedName,
    type: EAQL_CONTENT_PROPERTY.type,
    description: 'A child of a container or structured value, e.g. content.event-start-date.date or content.video.duration.',
  },
];

/** Spec 002 §2: the EAQL help page, rendered by the web app from this data. */
export const EAQL_HELP = {
  title: 'EAQL: the advanced search',
  intro: [
    'EAQL is the advanced query language of the asset search. A query is made of conditions of the form property operator value, for example status = published.',
    'Conditions are combined with AND, OR and NOT and grouped with parentheses. NOT binds tighter than AND, and AND tighter than OR: a = 1 OR b = 2 AND c = 3 means a = 1 OR (b = 2 AND c = 3). AND, OR, NOT, in, exists, true and false may be written in any case; property names are written exactly as listed below.',
    'A value is a single word (letters, digits and - _ . : / + @) or text in double quotes, such as "cliff diving"; inside quotes write \\" for a quote and \\\\ for a backslash. A date is written 2026-01-31 (that whole day, in UTC) or as a date and time such as 2026-01-31T10:00:00Z (a time without a zone is UTC).',
  ],
  inNote: 'The in operator works on keyword fields only: it matches when the property equals any of the listed values.',
  operators: [
    { operator: '=', worksOn: 'every datatype', meaning: 'equals', example: 'status = published' },
    { operator: '!=', worksOn: 'every datatype', meaning: 'does not equal (also matches when the property has no value)', example: 'localization != en' },
    { operator: '<  <=  >  >=', worksOn: 'long, float, date and content.*', meaning: 'before / after, smaller / bigger', example: '_meta.updatedDate >= 2026-01-01' },
    { operator: '~', worksOn: 'text', meaning: 'contains the text, ignoring case; on fulltext: contains these words', example: 'title ~ "cliff diving"' },
    { operator: 'in (…)', worksOn: 'keyword', meaning: 'equals any of the listed values', example: 'stencil in (story, video)' },
    { operator: 'exists', worksOn: 'every datatype but fulltext', meaning: 'has a value', example: '_meta.publishSchedule.startDate exists' },
    { operator: 'AND  OR  NOT  ( )', worksOn: 'conditions', meaning: 'combine, negate and group conditions', example: 'NOT (status = draft OR bookmarked = true)' },
  ] satisfies readonly HelpOperator[],
  types: [
    { type: 'keyword', description: 'An exact value such as an id, a name or a code; compared as a whole.' },
    { type: 'text', description: 'Text; = compares the whole text, ~ looks for a part of it.' },
    { type: 'long', description: 'A whole number, e.g. 42.' },
    { type: 'float', description: 'A number with or without decimals, e.g. 47.5.' },
    { type: 'date', description: 'A day (2026-01-31) or a point in time (2026-01-31T10:00:00Z).' },
    { type: 'boolean', description: 'true or false.' },
  ] satisfies ReadonlyArray<{ type: EaqlType; description: string }>,
  properties,
  ratingsNote: 'Ratings (ratings.*) are not listed: nothing in this editor is rated, so there is nothing to search by.',
  examples: [
    { query: 'id in ("0b9c7a52-3f1e-4d6a-9c2b-5e8f1a7d4c30", "4f1a2b3c-5d6e-4f70-8a9b-0c1d2e3f4a5b")', explanation: 'Finds the assets with these ids (in works on keyword fields).' },
    { query: 'stencil in (story, video) AND localization = en AND NOT status = draft', explanation: 'English stories and videos that are published or unpublished.' },
    { query: 'title ~ "cliff diving"', explanation: 'Titles that contain "cliff diving".' },
    { query: 'fulltext ~ "mountain bike"', explanation: 'Assets whose title or content contain these words.' },
    { query: '_meta.updatedDate >= 2026-01-01 AND _meta.updatedBy = "Emma Editor"', explanation: 'Saved by Emma Editor since the start of 2026.' },
    { query: 'spaces = rbtv AND _meta.lastPublished exists', explanation: 'Assets of the rbtv space that have been published.' },
    { query: 'content.video.duration > 600', explanation: 'Videos longer than ten minutes.' },
    { query: 'content.event-start-date.date >= 2026-06-01 AND content.country-code = AT', explanation: 'Events in Austria from June 2026 on.' },
    { query: 'meppImport.program = meppconnect AND meppImport.masterDataId exists', explanation: 'Assets created by a MEPP import.' },
  ] satisfies readonly HelpExample[],
  limits: `A query has at most ${EAQL_LIMITS.maxLength.toLocaleString('en-US')} characters, ${EAQL_LIMITS.maxConditions} conditions, ${EAQL_LIMITS.maxDepth} levels of parentheses and NOT, and ${EAQL_LIMITS.maxInValues} values in one in list. A query with a mistake is not run; the message names the position of the mistake, counted in characters from 0.`,
} as const;

/** Spec 002 §2 and §7: the Miscellaneous help page, with the import routes documented there. */
export const MISC_HELP = {
  title: 'Miscellaneous',
  importIntro: 'These routes import assets from the systems they come from. Only the roles named with each route may call them.',
  importRoutes: [
    {
      method: 'GET',
      path: '/api/v1/import/crepo?url={url}&fieldsToImport={comma list}',
      title: 'Import by external reference',
      description: 'Imports the asset at the given url. fieldsToImport names, separated by commas, the fields to take over.',
      access: 'Admin only.',
      roles: ['admin'],
      parameters: [
        { name: 'url', description: 'The API url of the asset version in another installation (/api/v1/assets/{id}/localizations/{locale}); its host must be on the allow-list IMPORT_ALLOWED_HOSTS.' },
        { name: 'fieldsToImport', description: 'A comma-separated list of the fields to import.' },
      ],
    },
    {
      method: 'GET',
      path: '/api/v1/import/{domain}/{model}/{masterId}',
      title: 'Import by domain, model and id',
      description: 'Imports the asset of a master data record. If that asset was deleted, it is created again.',
      access: 'Admin and technician only.',
      roles: ['admin', 'technician'],
      parameters: [
        { name: 'domain', description: 'culture or sports.' },
        { name: 'model', description: 'For culture: artist, event or series. For sports: athlete, event or team.' },
        { name: 'masterId', description: 'The id of the record in the master data.' },
      ],
    },
  ] satisfies readonly HelpRoute[],
  internalLink: {
    title: 'Internal links',
    text: 'An internal link to an asset takes the form',
    path: '/api/v1/assets/{assetId}',
  },
} as const;
