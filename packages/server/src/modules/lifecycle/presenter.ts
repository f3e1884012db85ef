import type { AssetStatus, LifecycleResponse } from '@editor/domain';
import type { LoadedVersion } from '../assets/types.ts';
import type { TransitionRow } from './repository.ts';

export const LIFECYCLES_PATH = '/api/crepo/lifecycles';

export const lifecyclePath = (id: string, locale: string) => `${LIFECYCLES_PATH}/${id}?localization=${encodeURIComponent(locale)}`;

/** Spec 000 §3 Lifecycle, 002 §3 Transition: the version's status and its transitions in the order they ran or are due. */
export function presentLifecycle(version: LoadedVersion, transitions: readonly TransitionRow[]): LifecycleResponse {
  const { asset_id: id, locale, status } = version.localization;
  return {
    id,
    localization: locale,
    attributes: {
      status: status as AssetStatus,
      scheduledTransitions: transitions.map((row) => ({
        transitionTo: row.transition_to,
        transitionStatus: row.status,
        executionTimestamp: row.executed_at ?? row.due_at,
        transitionMessage: row.message,
        user: row.user_name,
      })),
    },
    _links: { self: { href: lifecyclePath(id, locale), methods: ['GET'] } },
  };
}
