import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { ENERGY_DRINK_STENCIL, canInheritData, type InputDefinition, type StencilDefinition } from '@editor/domain';
import { FieldAdornmentsContext, useFieldAdornments, type FieldAdornment } from '../../../inputs/field/FieldAdornments.tsx';
import { useEditor } from '../../../editor-state/EditorStoreContext.tsx';
import { InheritDataModal } from './InheritDataModal.tsx';

/** The 'Inherit data' button beside the energy-drink reference, which opens the inherit data modal (spec 002 §2). */
function inheritDataButton(stencil: StencilDefinition): FieldAdornment {
  return function InheritDataButton({ input }: { input: InputDefinition }) {
    const [isOpen, setIsOpen] = useState(false);
    const isReadonly = useEditor((state) => state.isReadonly);
    if (isReadonly || input.type !== 'asset' || !input.constraints?.stencils?.includes(ENERGY_DRINK_STENCIL)) return null;
    return (
      <>
        <Button size="compact-xs" variant="light" leftSection={<IconCopy size={14} aria-hidden />} onClick={() => setIsOpen(true)}>
          Inherit data
        </Button>
        <InheritDataModal opened={isOpen} stencil={stencil} onClose={() => setIsOpen(false)} />
      </>
    );
  };
}

/** Offers inherit data beside the energy-drink field of a stencil that can inherit (spec 002 §3 mapping). */
export function InheritDataAdornments({ stencil, children }: { stencil: StencilDefinition; children: ReactNode }) {
  const outer = useFieldAdornments();
  const adornments = useMemo<readonly FieldAdornment[]>(() => (canInheritData(stencil.inputs) ? [...outer, inheritDataButton(stencil)] : outer), [outer, stencil]);
  return <FieldAdornmentsContext.Provider value={adornments}>{children}</FieldAdornmentsContext.Provider>;
}
