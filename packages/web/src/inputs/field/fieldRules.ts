import { fieldEditRule, type Rights } from '@editor/domain';
import type { FieldRules } from './FieldRulesContext.tsx';
import { spacesToCreateIn } from '../../parts/user/canCreateContent.ts';

/**
 * What the user may do in an open version's fields: change an input by the field-level role rules (spec 002 §5), and
 * upload images only into the spaces they create in (spec 000 §6, 002 §6), as the server signs uploads.
 */
export function fieldRulesOf(input: { rights: Rights; isPublished: boolean }): FieldRules {
  const { rights, isPublished } = input;
  const uploadSpaces = spacesToCreateIn(rights);
  return {
    canEditInput: (inputName) => fieldEditRule(inputName, { rights, isPublished }).editable,
    canUploadInto: (space) => uploadSpaces.includes(space),
  };
}
