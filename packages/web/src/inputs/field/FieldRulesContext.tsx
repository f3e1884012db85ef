import { createContext, useContext } from 'react';
import { fieldEditRule, type Rights } from '@editor/domain';
import { spacesToCreateIn } from '../../parts/user/canCreateContent.ts';

/** Whether the current user may change a top-level input (spec 002 §5 field-level role rules). */
export type CanEditInput = (inputName: string) => boolean;

/** What the current user may do in the open asset's fields; the editor judges it from the rights the app acts with. */
export interface FieldRules {
  canEditInput: CanEditInput;
  /** Whether they may upload an image into a space: the server signs uploads into the spaces they create in only. */
  canUploadInto: (space: string) => boolean;
}

/**
 * What the user may do in an open version's fields: change an input by the field-level role rules (spec 002 §5), and
 * upload images only into the spaces they create in (spec 000 §6, 002 §6), as the server signs uploads.
 */
export function fieldRulesOf(input: { rights: Rights; isPublished: boolean; isSlugClaimPending?: boolean | undefined }): FieldRules {
  const { rights, isPublished, isSlugClaimPending } = input;
  const uploadSpaces = spacesToCreateIn(rights);
  return {
    canEditInput: (inputName) => fieldEditRule(inputName, { rights, isPublished, isSlugClaimPending }).editable,
    canUploadInto: (space) => uploadSpaces.includes(space),
  };
}

/** Outside an editor (a field on its own, in tests) nothing is forbidden: the server still judges every call. */
export const ALL_ALLOWED: FieldRules = { canEditInput: () => true, canUploadInto: () => true };

export const FieldRulesContext = createContext<FieldRules>(ALL_ALLOWED);

export function useCanEditInput(): CanEditInput {
  return useContext(FieldRulesContext).canEditInput;
}

export function useCanUploadInto(): FieldRules['canUploadInto'] {
  return useContext(FieldRulesContext).canUploadInto;
}
