import { z } from 'zod';
import { composeReferenceId, customPartsProblem, isComposedProvider, type EmbedParts } from './customIds.ts';
import { embedProviderOf } from './providers.ts';
import { parseSocialReference, type EmbedReference } from './socialIds.ts';
import { isZoeId } from './zoe.ts';

/** What the service embed's add form holds before Confirm (spec 002 §4, §5). */
export interface EmbedDraft {
  provider: string;
  /** The id or link typed for a social, audio or archive provider. */
  text: string;
  subtype?: string | undefined;
  /** The parts of a composed reference id (Platform Extension, Tickaroo, WRC/ERC, XAlps). */
  parts: EmbedParts;
  /** The ZOE localization chosen, if one is. */
  zoeLocalizationId?: string | undefined;
}

/**
 * Spec 002 §5 media: Confirm waits for a provider and a reference id; for the custom providers until the composed id
 * is valid, for ZOE until one localization is selected (XAlps' optional race time, teams and top x do not count).
 */
export function canConfirmEmbed(draft: EmbedDraft): boolean {
  const provider = embedProviderOf(draft.provider);
  if (!provider) return false;
  if (draft.provider === 'zoe') return draft.zoeLocalizationId !== undefined && isZoeId(draft.zoeLocalizationId);
  if (isComposedProvider(draft.provider)) return customPartsProblem(draft.provider, draft.parts) === null;
  return draft.text.trim() !== '';
}

/**
 * Spec 002 §3, §5: the reference id (and subtype) the lookup is asked for: the composed id, the ZOE localization,
 * the id read from a pasted link, or else the trimmed text as typed (which the lookup then refuses).
 */
export function draftReference(draft: EmbedDraft): EmbedReference {
  if (draft.provider === 'zoe') return { referenceId: (draft.zoeLocalizationId ?? '').trim() };
  if (isComposedProvider(draft.provider)) return { referenceId: composeReferenceId(draft.provider, draft.parts) };
  const text = draft.text.trim();
  if (embedProviderOf(draft.provider)?.kind === 'archive') return { referenceId: text };
  return parseSocialReference({ provider: draft.provider, text, subtype: draft.subtype }) ?? { referenceId: text, subtype: draft.subtype };
}

/** `GET /api/v1/media` for an embed provider (spec 002 §7 media lookup): the media item with its server-built embed HTML. */
export const embedMediaSchema = z.object({
  provider: z.string(),
  subtype: z.string().optional(),
  referenceId: z.string(),
  mediaType: z.literal('embed'),
  title: z.string(),
  thumbnailUrl: z.string().optional(),
  embedHtml: z.string(),
});
export type EmbedMedia = z.infer<typeof embedMediaSchema>;

/** `GET /api/v1/media` query for embeds: provider, reference id and, where the provider has them, the subtype. */
export const embedLookupQuerySchema = z.object({ provider: z.string().min(1), referenceId: z.string().min(1), subtype: z.string().min(1).optional() });
