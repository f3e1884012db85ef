import { EMBED_MESSAGES, embedFrameOf, embedHtmlOf, type EmbedMedia } from '@editor/domain';
import { badRequest } from '../../http/errors.ts';

/**
 * Spec 002 §7 media lookup for an embed provider, answered from the provider's documented embed form without a
 * call out: the title, a thumbnail where the id gives one, and the embed HTML built here from the allow-listed embed
 * host (never taken from the request). An id that does not parse is a 400 with 'Embed ID invalid' (002 §5).
 */
export function describeEmbedMedia(query: { provider: string; referenceId: string; subtype?: string | undefined }): EmbedMedia {
  const referenceId = query.referenceId.trim();
  const frame = embedFrameOf({ provider: query.provider, referenceId, subtype: query.subtype });
  if (!frame) throw badRequest(EMBED_MESSAGES.lookupFailed);
  // The subtype the frame was built for (a provider's default when none was asked for) is the one the value keeps.
  const { subtype } = frame;
  return {
    provider: query.provider,
    ...(subtype !== undefined ? { subtype } : {}),
    referenceId,
    mediaType: 'embed',
    title: frame.title,
    ...(frame.thumbnailUrl !== undefined ? { thumbnailUrl: frame.thumbnailUrl } : {}),
    embedHtml: embedHtmlOf(frame),
  };
}
