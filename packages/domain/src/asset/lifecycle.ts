import { z } from 'zod';
import { linkSchema } from '../api/errors.ts';
import { ASSET_STATUSES, type AssetStatus } from './status.ts';

/** Spec 000 §3, 002 §3 Transition: where a transition takes a version. */
export const TRANSITION_TARGETS = ['PUBLISHED', 'UNPUBLISHED'] as const;
export type TransitionTo = (typeof TRANSITION_TARGETS)[number];

/** Spec 002 §3 Transition: scheduled (due later), executed, or failed with a message. */
export const TRANSITION_STATUSES = ['SCHEDULED', 'EXECUTED', 'ERROR'] as const;
export type TransitionStatus = (typeof TRANSITION_STATUSES)[number];

/** Spec 002 §3 Transition. `executionTimestamp` is the due time of a scheduled one, else when it ran. */
export const transitionSchema = z.object({
  transitionTo: z.enum(TRANSITION_TARGETS),
  transitionStatus: z.enum(TRANSITION_STATUSES),
  executionTimestamp: z.string(),
  transitionMessage: z.string().nullable(),
  user: z.string(),
});
export type Transition = z.infer<typeof transitionSchema>;

/** Spec 000 §7 `GET /api/crepo/lifecycles/{id}?localization=`: the version's status and its transitions, oldest first. */
export const lifecycleResponseSchema = z.object({
  id: z.string(),
  localization: z.string(),
  attributes: z.object({
    status: z.enum(ASSET_STATUSES),
    scheduledTransitions: z.array(transitionSchema),
  }),
  _links: z.object({ self: linkSchema }),
});
export type LifecycleResponse = z.infer<typeof lifecycleResponseSchema>;

/** Spec 001 §9: the Schedule panel loads this many entries at a time. */
export const SCHEDULE_PAGE_SIZE = 10;

/** Spec 001 §7 `POST /api/v1/panels/schedules`: which locales, and which page. */
export const scheduleRequestSchema = z.object({
  locales: z.array(z.string().min(2).max(20)).max(200).optional(),
  limit: z.number().int().min(1).max(100).default(SCHEDULE_PAGE_SIZE),
  offset: z.number().int().min(0).default(0),
});

/** Spec 001 §3 Schedule entry: the version, where the transition takes it, and when (seconds since 1970). */
export const scheduleEntrySchema = z.object({
  assetLocalization: z.object({ id: z.string(), localization: z.string(), title: z.string(), stencil: z.string(), status: z.enum(ASSET_STATUSES) }),
  transitionTo: z.enum(['published', 'unpublished']),
  unixTimestamp: z.number().int(),
});
export const scheduleResponseSchema = z.object({ scheduledAssets: z.array(scheduleEntrySchema) });
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export interface TransitionSummary {
  transitionTo: TransitionTo;
  transitionStatus: TransitionStatus;
  executionTimestamp: string;
}

/**
 * Spec 000 §4 translation badge: Scheduled when a scheduled transition to published exists; Published when the
 * latest executed transition is to PUBLISHED and none is scheduled; Unpublished when it is to UNPUBLISHED;
 * Draft for draft or local draft.
 */
export function translationBadge(input: { status: AssetStatus; isLocal?: boolean; transitions: readonly TransitionSummary[] }): 'Scheduled' | 'Published' | 'Unpublished' | 'Draft' {
  if (input.isLocal) return 'Draft';
  if (input.transitions.some((t) => t.transitionStatus === 'SCHEDULED' && t.transitionTo === 'PUBLISHED')) return 'Scheduled';
  const executed = input.transitions
    .filter((t) => t.transitionStatus === 'EXECUTED')
    .toSorted((a, b) => a.executionTimestamp.localeCompare(b.executionTimestamp))
    .at(-1);
  if (executed?.transitionTo === 'PUBLISHED') return 'Published';
  if (executed?.transitionTo === 'UNPUBLISHED') return 'Unpublished';
  // A version published or unpublished before transitions were recorded has none: its status speaks for it.
  if (input.status === 'published') return 'Published';
  if (input.status === 'unpublished') return 'Unpublished';
  return 'Draft';
}
