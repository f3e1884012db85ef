import { normalizeImageDescription, type ImageDescription, type InputDefinition } from '@editor/domain';
import type { ApiClient } from '../../api/client.ts';

export const IMAGE_DESCRIPTOR_PATH = '/api/v1/image-descriptor';

/** The inputs an image description fills (spec 001 §7: title, teaser, seo-filename), by the answer's field. */
export const DESCRIBED_INPUTS = ['title', 'teaser', 'seo-filename'] as const satisfies readonly (keyof ImageDescription)[];

/** Spec 001 §7 `POST /api/v1/image-descriptor`: the AI description of the asset's image, normalised (spec 001 §5). */
export async function requestImageDescription(client: ApiClient, input: { assetId: string; langCode: string; referenceId?: string }): Promise<ImageDescription> {
  const answer = await client.request({ method: 'POST', path: IMAGE_DESCRIPTOR_PATH, body: input, response: 'imageDescription' });
  return normalizeImageDescription(answer);
}

/** Whether an asset with these inputs has anything an image description would fill. */
export function hasDescribedInputs(inputs: readonly InputDefinition[]): boolean {
  return inputs.some((input) => (DESCRIBED_INPUTS as readonly string[]).includes(input.name));
}

/** What the editor's store offers for applying a description. */
export interface DescribedStore {
  inputs: readonly InputDefinition[];
  values: Readonly<Record<string, unknown>>;
  aiReview: { needsConfirmation: boolean; generatedProperties: readonly string[] };
  setValue(path: readonly (string | number)[], value: unknown): void;
  markAiGenerated(inputNames: readonly string[]): void;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Spec 002 §4: the description sets the asset's title, teaser and seo-filename (those it has) and flags the AI
 * translation as needing confirmation, with those fields as AI-generated. A field holding the editor's own text is
 * left alone: only empty ones and those still awaiting confirmation of an earlier AI text are filled.
 */
export function applyImageDescription(store: DescribedStore, description: ImageDescription): string[] {
  const awaiting = store.aiReview.needsConfirmation ? store.aiReview.generatedProperties : [];
  const filled = DESCRIBED_INPUTS.filter((name) => {
    const exists = store.inputs.some((input) => input.name === name);
    const text = description[name];
    return exists && text !== '' && (isEmpty(store.values[name]) || awaiting.includes(name));
  });
  for (const name of filled) store.setValue([name], description[name]);
  store.markAiGenerated(filled);
  return filled;
}
