import { createContext, useContext } from 'react';

/** Whether the current user may change a top-level input (spec 002 §5 field-level role rules). */
export type CanEditInput = (inputName: string) => boolean;

/** What the current user may do in the open asset's fields; the editor judges it from the rights the app acts with. */
export interface FieldRules {
  canEditInput: CanEditInput;
  /** Whether they may upload an image into a space: the server signs uploads into the spaces they create in only. */
  canUploadInto: (space: string) => boolean;
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
