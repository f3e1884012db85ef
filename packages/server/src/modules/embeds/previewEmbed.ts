import { isEmbedProvider, mediaValueSchema, type InputDefinition } from '@editor/domain';

/** A service embed in the preview: what identifies it, never its HTML; the page derives the frame when it renders. */
export interface ServiceEmbedElement {
  kind: 'service-embed';
  provider: string;
  referenceId: string;
  subtype?: string | undefined;
  label: string;
}

/** Spec 002 §4: a story element holding an embed provider's value (service-embed, an audio or results embed) previews as that embed. */
export function serviceEmbedElementOf(choice: InputDefinition, value: unknown): ServiceEmbedElement | undefined {
  if (choice.type !== 'service') return undefined;
  const media = mediaValueSchema.safeParse(value);
  if (!media.success || !isEmbedProvider(media.data.provider)) return undefined;
  const { provider, referenceId, subtype } = media.data;
  return { kind: 'service-embed', provider, referenceId, ...(subtype !== undefined ? { subtype } : {}), label: choice.view?.label ?? choice.name };
}
