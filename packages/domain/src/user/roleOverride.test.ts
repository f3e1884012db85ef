import { describe, expect, it } from 'vitest';
import { applyRoleOverride, effectiveRights, parseRoleOverride, type RoleOverride } from './roleOverride.ts';

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

describe('effective rights (spec 000 §6)', () => {
  const stored: RoleOverride = { roles: ['translator'], spaces: ['illume'], localizations: ['de'] };
  it.each([
    { case: 'a technical admin with the override on acts with the override', original: techAdmin, stored, expected: stored },
    { case: 'a technical admin with the override off keeps the original rights', original: techAdmin, stored: null, expected: techAdmin },
    { case: 'anybody else keeps the original rights even with a stored override', original: editor, stored, expected: editor },
    { case: 'anybody else without an override keeps the original rights', original: editor, stored: null, expected: editor },
  ])('$case', ({ original, stored: value, expected }) => {
    expect(effectiveRights(original, value)).toEqual(expected);
  });
});
