import { canCreateStencil, type InstallationRules, type Rights, type StencilDefinition } from '@editor/domain';
import { notFound } from '../../http/errors.ts';
import type { StencilRegistry } from './stencilRegistry.ts';

export function createStencilsService(input: { registry: StencilRegistry; enabledFeatures: readonly string[]; installation?: InstallationRules | undefined }) {
  const { registry, enabledFeatures, installation } = input;

  /** The stencils the user may create in the space and locale (spec 000 §6, 001 §5), in the registry's order. */
  function listCreatable(request: { rights: Rights; space: string; locale: string }): StencilDefinition[] {
    return registry.all().filter((stencil) => canCreateStencil({ ...request, stencil, enabledFeatures, installation }));
  }

  function getDefinition(name: string): StencilDefinition {
    const stencil = registry.get(name);
    if (!stencil) throw notFound(`No stencil named "${name}".`);
    return stencil;
  }

  return { listCreatable, getDefinition, all: () => registry.all() };
}

export type StencilsService = ReturnType<typeof createStencilsService>;
