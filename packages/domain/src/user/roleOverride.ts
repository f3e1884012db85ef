import { z } from 'zod';
import { ROLES, canUseRoleOverride, type Rights } from '../permissions/roles.ts';

/**
 * The request header that carries a technical admin's custom role override (spec 000 §6).
 * Its value is the JSON of `RoleOverride`. Every call but the user call sends it while the override is on.
 */
export const ROLE_OVERRIDE_HEADER = 'x-editor-role-override';

// A name rather than `ROLES.length` inside the schema: a bundler keeps a schema that reads a property, even unused.
const ROLE_COUNT = ROLES.length;

export const roleOverrideSchema = z.strictObject({
  roles: z.array(z.enum(ROLES)).max(ROLE_COUNT),
  spaces: z.array(z.string().min(1).max(100)).max(200),
  localizations: z.array(z.string().min(2).max(20)).max(200),
});
export type RoleOverride = z.infer<typeof roleOverrideSchema>;

export type OverrideResult =
  | { kind: 'none'; rights: Rights }
  | { kind: 'applied'; rights: Rights }
  | { kind: 'forbidden' }
  | { kind: 'invalid'; message: string };

/** Parses an override header value; undefined when it is not valid JSON of the override shape. */
export function parseRoleOverride(value: string): RoleOverride | undefined {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return undefined;
  }
  const parsed = roleOverrideSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** Spec 000 §6: the rights of a request, honouring an override header only for technical admins. */
export function applyRoleOverride(original: Rights, headerValue: string | undefined): OverrideResult {
  if (headerValue === undefined || headerValue === '') return { kind: 'none', rights: original };
  if (!canUseRoleOverride(original)) return { kind: 'forbidden' };
  const override = parseRoleOverride(headerValue);
  if (!override) return { kind: 'invalid', message: `The ${ROLE_OVERRIDE_HEADER} header is not a valid role override.` };
  return { kind: 'applied', rights: override };
}

/** Spec 000 §6: the rights the app acts with: the stored override while it is on and allowed, otherwise the original rights. */
export function effectiveRights(original: Rights, override: RoleOverride | null): Rights {
  if (override === null || !canUseRoleOverride(original)) return original;
  return override;
}
