import { describe, expect, it } from 'vitest';
import { applyRoleOverride, parseRoleOverride } from './roleOverride.ts';

const techAdmin = { roles: ['technical-admin-user', 'admin'], spaces: ['rbcom'], localizations: ['en'] };
const editor = { roles: ['content-editor'], spaces: ['rbcom'], localizations: ['en'] };
const override = { roles: ['translator'], spaces: ['illume'], localizations: ['de'] };

describe('custom role override (spec 000 §6)', () => {
  it('keeps the original rights without a header', () => {
    expect(applyRoleOverride(editor, undefined)).toEqual({ kind: 'none', rights: editor });
    expect(applyRoleOverride(editor, '')).toEqual({ kind: 'none', rights: editor });
  });

  it('applies the override for a technical admin', () => {
    expect(applyRoleOverride(techAdmin, JSON.stringify(override))).toEqual({ kind: 'applied', rights: override });
  });

  it('forbids it to anybody else, whatever the header holds', () => {
    expect(applyRoleOverride(editor, JSON.stringify(override))).toEqual({ kind: 'forbidden' });
    expect(applyRoleOverride(editor, 'garbage')).toEqual({ kind: 'forbidden' });
  });

  it.each(['not json', '{}', JSON.stringify({ ...override, roles: ['emperor'] }), JSON.stringify({ ...override, extra: 1 }), '[]'])(
    'refuses the malformed header %s',
    (value) => {
      expect(parseRoleOverride(value)).toBeUndefined();
      expect(applyRoleOverride(techAdmin, value).kind).toBe('invalid');
    },
  );
});
