import { describe, expect, it } from 'vitest';
import { EAQL_HELP, MISC_HELP } from './helpText.ts';
import { parseEaql } from './parseEaql.ts';
import { EAQL_PROPERTIES, EAQL_TYPES } from './properties.ts';

describe('the EAQL help page (spec 002 §2)', () => {
  it('lists every property with its datatype, content.* included', () => {
    const listed = new Map(EAQL_HELP.properties.map((property) => [property.name, property.type]));
    for (const [name, { type }] of Object.entries(EAQL_PROPERTIES)) expect(listed.get(name)).toBe(type);
    expect(listed.get('content.<input-name>')).toBe('text');
  });

  it('explains every datatype', () => {
    expect(EAQL_HELP.types.map((entry) => entry.type)).toEqual([...EAQL_TYPES]);
  });

  it('gives an in example by id', () => {
    expect(EAQL_HELP.examples.some((example) => example.query.startsWith('id in ('))).toBe(true);
  });

  it.each([...EAQL_HELP.examples.map((example) => example.query), ...EAQL_HELP.operators.map((operator) => operator.example)])(
    'documents only queries that parse: %s',
    (query) => {
      expect(parseEaql(query)).toMatchObject({ ok: true });
    },
  );
});

describe('the Miscellaneous help page (spec 002 §2, §7)', () => {
  it('documents both import routes with who may call them', () => {
    expect(MISC_HELP.importRoutes.map((route) => [route.path, route.roles])).toEqual([
      ['/api/v1/import/crepo?url={url}&fieldsToImport={comma list}', ['admin']],
      ['/api/v1/import/{domain}/{model}/{masterId}', ['admin', 'technician']],
    ]);
    expect(MISC_HELP.internalLink.path).toBe('/api/v1/assets/{assetId}');
  });
});
