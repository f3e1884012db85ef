import { showsAiTag, type AssetVersion, type InputDefinition } from '@editor/domain';

/** Spec 000 §4, 002 §4 AI review: whether a version's AI translation awaits confirmation, and its AI-generated fields. */
export interface AiReview {
  needsConfirmation: boolean;
  generatedProperties: readonly string[];
}

export const NO_AI_REVIEW: AiReview = { needsConfirmation: false, generatedProperties: [] };

/** Confirming the whole AI translation (the banner's Accept): nothing is left to review. */
export const CONFIRMED_AI_REVIEW = { aiTranslationNeedsConfirmation: false, aiGeneratedProperties: [] as string[] };

export type AiFieldDecision = 'accept' | 'delete';

export function aiReviewOf(version: AssetVersion): AiReview {
  return { needsConfirmation: version._meta.aiTranslationNeedsConfirmation, generatedProperties: version._meta.aiGeneratedProperties };
}

/**
 * After an Accept or Delete on one field: the field is no longer listed as AI-generated, and once no listed field
 * would still show its AI tag, the version no longer needs confirmation.
 */
export function reviewField(review: AiReview, decided: { name: string; inputs: readonly InputDefinition[]; values: Readonly<Record<string, unknown>> }): AiReview {
  const generatedProperties = review.generatedProperties.filter((name) => name !== decided.name);
  const stillTagged = decided.inputs.some((input) =>
    showsAiTag({ input, value: decided.values[input.name], aiGeneratedProperties: generatedProperties, aiTranslationNeedsConfirmation: true }),
  );
  return { needsConfirmation: review.needsConfirmation && stillTagged, generatedProperties };
}

/** The fields the user decided on since the last save: each counts as a change of that field. */
export function reviewedFields(original: AiReview, current: AiReview): string[] {
  return original.generatedProperties.filter((name) => !current.generatedProperties.includes(name));
}

/** The save body's `_meta` for the review (spec 000 §7 PUT), or undefined when nothing about it changed. */
export function aiReviewPayload(original: AiReview, current: AiReview): { aiTranslationNeedsConfirmation: boolean; aiGeneratedProperties: string[] } | undefined {
  const unchanged =
    original.needsConfirmation === current.needsConfirmation &&
    original.generatedProperties.length === current.generatedProperties.length &&
    original.generatedProperties.every((name) => current.generatedProperties.includes(name));
  if (unchanged) return undefined;
  return { aiTranslationNeedsConfirmation: current.needsConfirmation, aiGeneratedProperties: [...current.generatedProperties] };
}

/**
 * The review after the server's version changed under the editor (a save, a reload) while edits stay: the decisions
 * the user made against the previous version are applied to the new one.
 */
export function keepPendingDecisions(input: { before: AiReview; current: AiReview; latest: AiReview }): AiReview {
  const decided = reviewedFields(input.before, input.current);
  const clearedConfirmation = input.before.needsConfirmation && !input.current.needsConfirmation;
  return {
    needsConfirmation: input.latest.needsConfirmation && !clearedConfirmation,
    generatedProperties: input.latest.generatedProperties.filter((name) => !decided.includes(name)),
  };
}
