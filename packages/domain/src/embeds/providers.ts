import { MEDIA_PROVIDERS } from '../media/mediaLibrary.ts';

/**
 * How a provider's reference id is entered: `social` and `audio` take an id or a pasted URL, `custom` is composed
 * from parts (spec 002 §3 embed reference id parts), `archive` is an item of the media archive.
 */
export type EmbedProviderKind = 'social' | 'audio' | 'custom' | 'archive';

export interface EmbedProvider {
  id: string;
  label: string;
  kind: EmbedProviderKind;
  /** The subtypes a reference id can have (spec 000 §9: Spotify, Instagram and others have subtypes); the first is the default. */
  subtypes?: readonly string[];
  /** The `FEATURES` flag that must be on for the provider to be offered (spec 000 §6, 002 §6). */
  featureFlag?: string;
  /** Whether the flag gates the provider in the service-embed element only (spec 002 §6: Facebook). */
  isFlagForServiceEmbedOnly?: boolean;
}

/** Spec 001 §9, 002 §6: every provider a service input can name, in the order the stencils list them. */
export const EMBED_PROVIDERS: readonly EmbedProvider[] = [
  { id: 'youtube', label: 'YouTube', kind: 'social' },
  { id: 'instagram', label: 'Instagram', kind: 'social', subtypes: ['post', 'reel', 'tv'] },
  { id: 'tiktok', label: 'TikTok', kind: 'social' },
  { id: 'x', label: 'X', kind: 'social' },
  { id: 'facebook', label: 'Facebook', kind: 'social', subtypes: ['post', 'video'], featureFlag: 'facebook', isFlagForServiceEmbedOnly: true },
  { id: 'vimeo', label: 'Vimeo', kind: 'social', featureFlag: 'vimeo' },
  { id: 'vk', label: 'VK', kind: 'social', featureFlag: 'vk' },
  { id: 'spotify', label: 'Spotify', kind: 'audio', subtypes: ['track', 'album', 'playlist', 'episode', 'show', 'artist'] },
  { id: 'soundcloud', label: 'SoundCloud', kind: 'audio', subtypes: ['track', 'playlist'], featureFlag: 'soundcloud' },
  { id: 'mixcloud', label: 'Mixcloud', kind: 'audio', featureFlag: 'mixcloud' },
  { id: 'giphy', label: 'Giphy', kind: 'social', featureFlag: 'giphy' },
  { id: 'acast', label: 'Acast', kind: 'audio', featureFlag: 'acast' },
  { id: 'tickaroo', label: 'Tickaroo', kind: 'custom' },
  { id: 'platform-extension', label: 'Platform Extension', kind: 'custom' },
  { id: 'zoe', label: 'ZOE', kind: 'custom' },
  { id: 'xalps', label: 'XAlps', kind: 'custom' },
  { id: 'wrc-erc-results', label: 'WRC/ERC Standings and Results', kind: 'custom' },
  { id: MEDIA_PROVIDERS.audio, label: 'RBMN Audio', kind: 'archive' },
];

const BY_ID = new Map(EMBED_PROVIDERS.map((provider) => [provider.id, provider]));

/** The registry entry of a provider id, if it is one we know. */
export function embedProviderOf(id: string): EmbedProvider | undefined {
  return BY_ID.get(id);
}

/** Spec 002 §6: whether the server answers this provider's media lookup from its embed form (not an archive or image provider). */
export function isEmbedProvider(id: string): boolean {
  const provider = BY_ID.get(id);
  return provider !== undefined && provider.kind !== 'archive';
}

/** The service-embed story element, where Facebook's flag applies (spec 002 §6). */
export const SERVICE_EMBED_INPUT = 'service-embed';

/**
 * Spec 002 §6 provider feature flags: the providers an input offers — those its providers constraint names, that we
 * know, and whose feature flag is on (Facebook's flag gates it in the service-embed element only).
 */
export function offeredProviders({ providers, features, inputName }: { providers: readonly string[]; features: readonly string[]; inputName: string }): EmbedProvider[] {
  return providers.flatMap((id) => {
    const provider = BY_ID.get(id);
    if (!provider) return [];
    if (provider.featureFlag === undefined || features.includes(provider.featureFlag)) return [provider];
    if (provider.isFlagForServiceEmbedOnly === true && inputName !== SERVICE_EMBED_INPUT) return [provider];
    return [];
  });
}

/** Spec 002 §9: the provider select gets a filter at 5 or more providers. */
export const PROVIDER_FILTER_THRESHOLD = 5;

/** Spec 002 §9: whether the provider select offers a filter. */
export function isProviderFilterable(count: number): boolean {
  return count >= PROVIDER_FILTER_THRESHOLD;
}
