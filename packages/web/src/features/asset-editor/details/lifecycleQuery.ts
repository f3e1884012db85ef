import { queryOptions } from '@tanstack/react-query';
import type { Transition } from '@editor/domain';
import type { ApiClient } from '../../../api/client.ts';
import { queryKeys } from '../../../api/queryKeys.ts';

/** Spec 000 §7: the lifecycle of one version. */
export function lifecyclePath(id: string, localization: string): string {
  return `/api/crepo/lifecycles/${encodeURIComponent(id)}?localization=${encodeURIComponent(localization)}`;
}

/** The lifecycle query, shared by the Lifecycle tab and the translation badges of the Meta tab. */
export function lifecycleQuery(api: ApiClient, key: { id: string; localization: string }) {
  return queryOptions({
    queryKey: queryKeys.lifecycle(key.id, key.localization),
    queryFn: ({ signal }) => api.request({ path: lifecyclePath(key.id, key.localization), response: 'lifecycleResponse', signal }),
  });
}

const byTime = (a: Transition, b: Transition) => a.executionTimestamp.localeCompare(b.executionTimestamp);

/** Spec 002 §2 Lifecycle tab: Upcoming holds the scheduled transitions, soonest first; History the executed and failed ones, newest first. */
export function lifecycleSections(transitions: readonly Transition[]): { upcoming: Transition[]; history: Transition[] } {
  return {
    upcoming: transitions.filter((transition) => transition.transitionStatus === 'SCHEDULED').toSorted(byTime),
    history: transitions.filter((transition) => transition.transitionStatus !== 'SCHEDULED').toSorted((a, b) => byTime(b, a)),
  };
}
