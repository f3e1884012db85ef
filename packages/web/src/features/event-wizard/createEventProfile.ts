import {
  EVENT_PROFILE_POLL_INTERVAL_MS,
  EVENT_PROFILE_POLL_PATH,
  EVENT_PROFILE_POLL_TRIES,
  EVENT_SLUG_CLAIM_DELAY_MS,
  slugIdOf,
} from '@editor/domain';
import type { ApiClient } from '../../api/client.ts';

export interface NewEventProfile {
  space: string;
  localization: string;
  /** The first values, by input name. */
  values: Record<string, unknown>;
  /** The chosen URL slug (URI title); empty for none. */
  uriTitle: string;
}

/** What became of a creation: the profile is there (with or without its URL), or it is not. */
export type EventProfileOutcome =
  | { kind: 'created'; id: string; localization: string; isUrlApplied: boolean }
  | { kind: 'failed' };

export type CreationPhase = 'creating' | 'claiming';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const contentOf = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { value }]));

/** Spec 001 §7, §9: asks for the new profile every 500 ms, at most 10 times, until it is readable. */
async function pollUntilReadable(api: ApiClient, key: { id: string; localization: string }): Promise<boolean> {
  for (let attempt = 1; attempt <= EVENT_PROFILE_POLL_TRIES; attempt += 1) {
    try {
      await api.request({ path: `${EVENT_PROFILE_POLL_PATH}/${key.id}-${key.localization}?includeDraft=true`, response: 'assetVersionKey' });
      return true;
    } catch {
      if (attempt < EVENT_PROFILE_POLL_TRIES) await wait(EVENT_PROFILE_POLL_INTERVAL_MS);
    }
  }
  return false;
}

/** Spec 000 §3, §7: claims the slug for the new version, then writes it as the profile's URI title; false on any failure. */
async function applyUrl(api: ApiClient, input: { id: string; localization: string; space: string; uriTitle: string }): Promise<boolean> {
  const slugId = slugIdOf({ space: input.space, locale: input.localization, uriTitle: input.uriTitle });
  if (!slugId) return false;
  try {
    await api.request({
      method: 'PATCH',
      path: `/api/crepo/urislug-registry/uriSlugs/${slugId}/relationships/claimingResource`,
      body: { data: { id: `${input.id}-${input.localization}`, spaces: [input.space], type: 'event-profile' } },
      response: 'uriSlugClaim',
    });
    await api.request({
      method: 'PATCH',
      path: `/api/v1/assets/${input.id}/localizations/${encodeURIComponent(input.localization)}`,
      body: { content: { 'uri-title': { value: input.uriTitle } } },
      response: 'assetVersionKey',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Spec 001 §4, §7, §9 event creation: creates the event-profile asset, polls it until readable, waits 1000 ms and
 * then claims the chosen URL slug. A profile that cannot be created or never becomes readable is a failure; a
 * failed claim leaves the profile without its URL.
 */
export async function createEventProfile(api: ApiClient, profile: NewEventProfile, onPhase: (phase: CreationPhase) => void = () => undefined): Promise<EventProfileOutcome> {
  onPhase('creating');
  let created: { id: string; localization: string };
  try {
    created = await api.request({
      method: 'POST',
      path: `/api/v1/assets/-/localizations/${encodeURIComponent(profile.localization)}?${new URLSearchParams({ space: profile.space, 'container.stencil': 'event-profile' }).toString()}`,
      body: { content: contentOf(profile.values) },
      response: 'assetVersionKey',
    });
  } catch {
    return { kind: 'failed' };
  }
  if (!(await pollUntilReadable(api, created))) return { kind: 'failed' };
  if (profile.uriTitle === '') return { kind: 'created', id: created.id, localization: created.localization, isUrlApplied: true };
  await wait(EVENT_SLUG_CLAIM_DELAY_MS);
  onPhase('claiming');
  const isUrlApplied = await applyUrl(api, { ...created, space: profile.space, uriTitle: profile.uriTitle });
  return { kind: 'created', id: created.id, localization: created.localization, isUrlApplied };
}
