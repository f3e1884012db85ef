import { embedProviderOf } from './providers.ts';

/** A provider's reference id with its subtype, as a service value stores them (spec 000 §3 media value). */
export interface EmbedReference {
  referenceId: string;
  subtype?: string | undefined;
}

interface IdRule {
  /** The stored id as the provider writes it. */
  id: RegExp;
  /** Reads the id (and subtype) out of a pasted URL of one of the provider's hosts; null when the URL is not one of theirs. */
  fromUrl: (url: URL) => EmbedReference | null;
}

const segments = (url: URL) => url.pathname.split('/').filter((part) => part !== '');
const hostIs = (url: URL, ...hosts: string[]) => hosts.includes(url.hostname.toLowerCase().replace(/^(www|m|mobile)\./, ''));

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const INSTAGRAM_ID = /^[A-Za-z0-9_-]{5,40}$/;
const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;
const SLUG = '[A-Za-z0-9][A-Za-z0-9_.-]*';

/** Spec 002 §5 media: each social and audio provider's id, and how it is found in the provider's own links. */
const RULES: Readonly<Record<string, IdRule>> = {
  youtube: {
    id: YOUTUBE_ID,
    fromUrl: (url) => {
      if (hostIs(url, 'youtu.be')) return { referenceId: segments(url)[0] ?? '' };
      if (!hostIs(url, 'youtube.com', 'youtube-nocookie.com')) return null;
      const [first, second] = segments(url);
      if (first === 'watch') return { referenceId: url.searchParams.get('v') ?? '' };
      if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') return { referenceId: second ?? '' };
      return null;
    },
  },
  instagram: {
    id: INSTAGRAM_ID,
    fromUrl: (url) => {
      if (!hostIs(url, 'instagram.com')) return null;
      const parts = segments(url);
      // A post can be linked below its author: instagram.com/<user>/p/<code>/.
      const at = parts.findIndex((part) => part === 'p' || part === 'reel' || part === 'reels' || part === 'tv');
      if (at < 0) return null;
      const kind = parts[at];
      return { referenceId: parts[at + 1] ?? '', subtype: kind === 'p' ? 'post' : kind === 'tv' ? 'tv' : 'reel' };
    },
  },
  tiktok: {
    id: /^\d{15,25}$/,
    fromUrl: (url) => {
      if (!hostIs(url, 'tiktok.com')) return null;
      const parts = segments(url);
      const at = parts.indexOf('video');
      return at >= 0 ? { referenceId: parts[at + 1] ?? '' } : null;
    },
  },
  x: {
    id: /^\d{5,25}$/,
    fromUrl: (url) => {
      if (!hostIs(url, 'x.com', 'twitter.com')) return null;
      const parts = segments(url);
      const at = parts.indexOf('status');
      return at >= 0 ? { referenceId: parts[at + 1] ?? '' } : null;
    },
  },
  facebook: {
    id: new RegExp(`^${SLUG}/(posts|videos)/[A-Za-z0-9]+$`),
    fromUrl: (url) => {
      if (!hostIs(url, 'facebook.com')) return null;
      const [page, kind, id] = segments(url);
      if (page === undefined || (kind !== 'posts' && kind !== 'videos') || id === undefined) return null;
      return { referenceId: `${page}/${kind}/${id}`, subtype: kind === 'posts' ? 'post' : 'video' };
    },
  },
  vimeo: {
    id: /^\d{5,12}$/,
    fromUrl: (url) => {
      if (hostIs(url, 'player.vimeo.com')) return segments(url)[0] === 'video' ? { referenceId: segments(url)[1] ?? '' } : null;
      if (!hostIs(url, 'vimeo.com')) return null;
      return { referenceId: segments(url).find((part) => /^\d+$/.test(part)) ?? '' };
    },
  },
  vk: {
    id: /^-?\d{1,20}_\d{1,20}$/,
    fromUrl: (url) => {
      if (!hostIs(url, 'vk.com', 'vkvideo.ru')) return null;
      if (segments(url)[0] === 'video_ext.php') return { referenceId: `${url.searchParams.get('oid') ?? ''}_${url.searchParams.get('id') ?? ''}` };
      const video = segments(url).find((part) => part.startsWith('video'));
      return video ? { referenceId: video.slice('video'.length) } : null;
    },
  },
  spotify: {
    id: SPOTIFY_ID,
    fromUrl: (url) => {
      if (!hostIs(url, 'open.spotify.com')) return null;
      // Localised links carry a leading intl-<language> segment; embed links an embed/ one.
      const parts = segments(url).filter((part) => !part.startsWith('intl-') && part !== 'embed');
      const [subtype, id] = parts;
      return subtype === undefined ? null : { referenceId: id ?? '', subtype };
    },
  },
  soundcloud: {
    id: new RegExp(`^${SLUG}/(sets/)?${SLUG}$`),
    fromUrl: (url) => {
      if (!hostIs(url, 'soundcloud.com')) return null;
      const parts = segments(url);
      if (parts[1] === 'sets' && parts.length === 3) return { referenceId: parts.join('/'), subtype: 'playlist' };
      return parts.length === 2 ? { referenceId: parts.join('/'), subtype: 'track' } : null;
    },
  },
  mixcloud: {
    id: new RegExp(`^${SLUG}/${SLUG}$`),
    fromUrl: (url) => {
      if (!hostIs(url, 'mixcloud.com')) return null;
      const parts = segments(url);
      return parts.length === 2 ? { referenceId: parts.join('/') } : null;
    },
  },
  giphy: {
    id: /^[A-Za-z0-9]{5,40}$/,
    fromUrl: (url) => {
      const parts = segments(url);
      if (hostIs(url, 'media.giphy.com', 'i.giphy.com') || /^media\d\.giphy\.com$/.test(url.hostname)) {
        const at = parts.indexOf('media');
        return { referenceId: at >= 0 ? (parts[at + 1] ?? '') : (parts[0] ?? '').replace(/\.gif$/, '') };
      }
      if (!hostIs(url, 'giphy.com')) return null;
      if (parts[0] !== 'gifs' && parts[0] !== 'embed' && parts[0] !== 'stickers' && parts[0] !== 'clips') return null;
      // A gif's page ends in its id after a title slug: giphy.com/gifs/redbull-cliff-diving-3o7TKSjRrfIPjeiVyM.
      return { referenceId: (parts[1] ?? '').split('-').pop() ?? '' };
    },
  },
  acast: {
    id: new RegExp(`^${SLUG}/${SLUG}$`),
    fromUrl: (url) => {
      const parts = segments(url);
      if (hostIs(url, 'shows.acast.com')) return parts[1] === 'episodes' ? { referenceId: `${parts[0] ?? ''}/${parts[2] ?? ''}` } : null;
      if (hostIs(url, 'play.acast.com')) return parts[0] === 's' ? { referenceId: `${parts[1] ?? ''}/${parts[2] ?? ''}` } : null;
      if (hostIs(url, 'embed.acast.com')) return { referenceId: parts.slice(0, 2).join('/') };
      return null;
    },
  },
};

/** The providers whose reference id is a single id or a pasted link of theirs. */
export const SOCIAL_ID_PROVIDERS: readonly string[] = Object.keys(RULES);

function asUrl(text: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : /^[\w-]+(\.[\w-]+)+\//.test(text) ? `https://${text}` : null;
  if (withScheme === null) return null;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Spec 002 §5 media: the reference id of a social or audio provider from what the editor typed — the id itself or
 * a link of the provider's (the id and subtype are read out of it); trimmed first. Null when neither is valid.
 */
export function parseSocialReference({ provider, text, subtype }: { provider: string; text: string; subtype?: string | undefined }): EmbedReference | null {
  const rule = RULES[provider];
  const subtypes = embedProviderOf(provider)?.subtypes;
  if (!rule) return null;
  const trimmed = text.trim();
  if (provider === 'spotify') {
    // Spotify's own URIs: spotify:track:<id>.
    const uri = /^spotify:([a-z]+):([A-Za-z0-9]+)$/.exec(trimmed);
    if (uri) return withSubtype({ referenceId: uri[2] ?? '', subtype: uri[1] }, rule, subtypes);
  }
  const url = asUrl(trimmed);
  if (url) {
    const found = rule.fromUrl(url);
    return found ? withSubtype(found, rule, subtypes) : null;
  }
  return withSubtype({ referenceId: trimmed, subtype }, rule, subtypes);
}

/** A found reference when its id is valid and its subtype (if the provider has subtypes) is one of them, defaulting to the first. */
function withSubtype(found: EmbedReference, rule: IdRule, subtypes: readonly string[] | undefined): EmbedReference | null {
  if (!rule.id.test(found.referenceId)) return null;
  if (subtypes === undefined) return { referenceId: found.referenceId };
  const subtype = found.subtype ?? subtypes[0];
  return subtype !== undefined && subtypes.includes(subtype) ? { referenceId: found.referenceId, subtype } : null;
}
