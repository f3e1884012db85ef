import type { StencilDefinition } from '@editor/domain';
import type { RequestAuth } from '../../auth/authenticate.ts';
import type { AssetRow, HistoryRow, LocalizationRow } from './repository.ts';

/** Looks up stencils by name; the stencils module provides it. */
export interface StencilLookup {
  get(name: string): StencilDefinition | undefined;
}

/** Who acts: the identity and the rights of the request (after any role override). */
export type Actor = Pick<RequestAuth, 'identity' | 'rights'>;

/** The per-version meta the app may set (spec 000 §7 PUT optional _meta), besides what the server tracks. */
export interface VersionMeta {
  aiTranslationNeedsConfirmation?: boolean | undefined;
  aiGeneratedProperties?: string[] | undefined;
  /** Inputs whose meta (not value) differs from the last published content. */
  previewedProperties?: string[] | undefined;
}

/** One asset version with everything its presentation needs. */
export interface LoadedVersion {
  asset: AssetRow;
  spaces: string[];
  localization: LocalizationRow;
  stencil: StencilDefinition;
  /** The locales of the container with their status. */
  locales: Array<{ locale: string; status: string }>;
  bookmarked: boolean;
  history?: HistoryRow[] | undefined;
}
