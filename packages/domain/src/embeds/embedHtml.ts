import { parseComposedReferenceId } from './customIds.ts';
import { embedProviderOf } from './providers.ts';
import { parseSocialReference } from './socialIds.ts';
import { isZoeId } from './zoe.ts';

/**
 * The only hosts an embed frame may load (spec 002 §4 service embed): each provider's official embed host. The
 * app's and the preview's CSP allow frames of these and nothing else.
 */
export const EMBED_FRAME_HOSTS: readonly string[] = [
  'https://www.youtube-nocookie.com',
  'https://www.instagram.com',
  'https://www.tiktok.com',
  'https://platform.twitter.com',
  'https://www.facebook.com',
  'https://player.vimeo.com',
  'https://vk.com',
  'https://open.spotify.com',
  'https://w.soundcloud.com',
  'https://player-widget.mixcloud.com',
  'https://giphy.com',
  'https://embed.acast.com',
  'https://cdn.tickaroo.com',
  'https://embed.redbull.com',
  'https://www.wrc.com',
  'https://www.fiaerc.com',
  'https://www.redbullxalps.com',
  'https://zoe.redbull.com',
];

/** The sandbox of every embed frame: the player runs, in its own origin, and may open its links in a new tab. */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-popups';

/** What a provider's embed needs: the frame's address on its embed host, its height, a title and a thumbnail where one is derivable. */
export interface EmbedFrame {
  src: string;
  height: number;
  title: string;
  /** The subtype the frame shows (a provider's first subtype when none was given). */
  subtype?: string;
  thumbnailUrl?: string;
}

const enc = encodeURIComponent;

function socialFrame(provider: string, referenceId: string, subtype: string | undefined): Omit<EmbedFrame, 'title'> | null {
  switch (provider) {
    case 'youtube':
      return { src: `https://www.youtube-nocookie.com/embed/${referenceId}`, height: 315, thumbnailUrl: `https://i.ytimg.com/vi/${referenceId}/hqdefault.jpg` };
    case 'instagram':
      return { src: `https://www.instagram.com/${subtype === 'post' ? 'p' : subtype}/${referenceId}/embed/`, height: 640 };
    case 'tiktok':
      return { src: `https://www.tiktok.com/embed/v2/${referenceId}`, height: 740 };
    case 'x':
      return { src: `https://platform.twitter.com/embed/Tweet.html?id=${referenceId}`, height: 500 };
    case 'facebook':
      return { src: `https://www.facebook.com/plugins/${subtype === 'video' ? 'video' : 'post'}.php?href=${enc(`https://www.facebook.com/${referenceId}`)}`, height: 500 };
    case 'vimeo':
      return { src: `https://player.vimeo.com/video/${referenceId}`, height: 315 };
    case 'vk': {
      const [owner, video] = referenceId.split('_');
      return { src: `https://vk.com/video_ext.php?oid=${owner ?? ''}&id=${video ?? ''}`, height: 315 };
    }
    case 'spotify':
      return { src: `https://open.spotify.com/embed/${subtype ?? 'track'}/${referenceId}`, height: subtype === 'track' || subtype === 'episode' ? 152 : 352 };
    case 'soundcloud':
      return { src: `https://w.soundcloud.com/player/?url=${enc(`https://soundcloud.com/${referenceId}`)}`, height: subtype === 'playlist' ? 450 : 166 };
    case 'mixcloud':
      return { src: `https://player-widget.mixcloud.com/widget/iframe/?feed=${enc(`/${referenceId}/`)}`, height: 120 };
    case 'giphy':
      return { src: `https://giphy.com/embed/${referenceId}`, height: 270, thumbnailUrl: `https://media.giphy.com/media/${referenceId}/giphy.gif` };
    case 'acast':
      return { src: `https://embed.acast.com/${referenceId}`, height: 190 };
    default:
      return null;
  }
}

function customFrame(provider: string, referenceId: string): Omit<EmbedFrame, 'title'> | null {
  if (provider === 'zoe') return isZoeId(referenceId) ? { src: `https://zoe.redbull.com/embed/${referenceId.toLowerCase()}`, height: 600 } : null;
  const parts = parseComposedReferenceId(provider, referenceId);
  if (!parts) return null;
  switch (provider) {
    case 'tickaroo':
      return { src: `https://cdn.tickaroo.com/webng/embed/liveblog.html?${referenceId}`, height: 600 };
    case 'platform-extension':
      return { src: `https://embed.redbull.com/extensions/${enc(parts.lcmId ?? '')}/${enc(parts.embedId ?? '')}`, height: 480 };
    case 'wrc-erc-results': {
      const host = parts.competition === 'erc' ? 'https://www.fiaerc.com' : 'https://www.wrc.com';
      return { src: `${host}/embed/results/${parts.idSas ?? ''}`, height: 600 };
    }
    case 'xalps':
      return { src: `https://www.redbullxalps.com/embed/live-tracking?${referenceId}`, height: 600 };
    default:
      return null;
  }
}

/**
 * Spec 002 §4, §7: the embed of a stored service value, derived again from its provider, reference id and subtype
 * (never from stored HTML): null when the reference id is not a valid id of that provider.
 */
export function embedFrameOf({ provider, referenceId, subtype }: { provider: string; referenceId: string; subtype?: string | undefined }): EmbedFrame | null {
  const known = embedProviderOf(provider);
  if (!known || known.kind === 'archive') return null;
  let frame: Omit<EmbedFrame, 'title'> | null;
  let shownSubtype: string | undefined;
  if (known.kind === 'custom') {
    frame = customFrame(provider, referenceId);
  } else {
    // Only the id itself is stored; a pasted link is turned into one before the lookup.
    const parsed = parseSocialReference({ provider, text: referenceId, subtype });
    if (!parsed || parsed.referenceId !== referenceId || (subtype !== undefined && parsed.subtype !== subtype)) return null;
    shownSubtype = parsed.subtype;
    frame = socialFrame(provider, referenceId, parsed.subtype);
  }
  if (!frame) return null;
  return { ...frame, title: `${known.label}${shownSubtype ? ` ${shownSubtype}` : ''} embed`, ...(shownSubtype !== undefined ? { subtype: shownSubtype } : {}) };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Spec 000 §3 media value `embedHtml`: the frame as HTML, built only from an allow-listed host and escaped. */
export function embedHtmlOf(frame: EmbedFrame): string {
  return `<iframe src="${escapeAttribute(frame.src)}" title="${escapeAttribute(frame.title)}" width="100%" height="${frame.height}" style="border:0" allow="encrypted-media; fullscreen; picture-in-picture" allowfullscreen loading="lazy"></iframe>`;
}

/** Whether an address lies on one of the allow-listed embed hosts (a guard for everything built above). */
export function isAllowedEmbedSrc(src: string): boolean {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && EMBED_FRAME_HOSTS.includes(url.origin);
  } catch {
    return false;
  }
}
