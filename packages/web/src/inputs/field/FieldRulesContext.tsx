import { createContext, useContext } from 'react';

/** Whether the current user may change a top-level input (spec 002 §5 field-level role rules). */
export type CanEditInput = (inputName: string) => boolean;

const allowAll: CanEditInput = () => true;

export const FieldRulesContext = createContext<CanEditInput>(allowAll);

export function useCanEditInput(): CanEditInput {
  return useContext(FieldRulesContext);
}
