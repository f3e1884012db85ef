import type { Transaction } from 'kysely';
import type { StencilDefinition, WebhookEventType } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
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
  /** Spec 002 §3 `migration.rb2assetId`: the RB2 asset id an import's source carried. */
  migration?: { rb2assetId: string } | undefined;
  /** Spec 002 §3 `crepoImport`: when an import created the version, and when one last imported it again. */
  crepoImport?: { createdDate: string; updatedDate: string } | undefined;
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
  /** Spec 000 §3: the URI titles this version has a pending slug claim on; its URI title stays one of them until publish. */
  pendingSlugTitles?: string[] | undefined;
  history?: HistoryRow[] | undefined;
}

/** The columns of a version a list's card shows (`presentListItem`): no content. */
export type CardLocalization = Pick<
  LocalizationRow,
  | 'asset_id'
  | 'locale'
  | 'stencil'
  | 'status'
  | 'title'
  | 'meta'
  | 'changed_properties'
  | 'created_at'
  | 'created_by'
  | 'updated_at'
  | 'updated_by'
  | 'last_published_at'
  | 'publish_start'
  | 'publish_end'
  | 'error_count'
  | 'main_image'
>;

/** One asset version as a list's card presents it. */
export interface ListedVersion extends Omit<LoadedVersion, 'localization' | 'pendingSlugTitles' | 'history'> {
  localization: CardLocalization;
}

/** A change of a version that websites may need to learn about (the webhooks' events). */
export interface AssetChangeEvent {
  type: WebhookEventType;
  assetId: string;
  locale: string;
  stencil: string;
  /** The asset's spaces; read in the transaction when left out (give them when the rows are gone, as on a delete). */
  spaces?: readonly string[] | undefined;
  /** `asset.spaces-changed`: the spaces before. */
  previousSpaces?: readonly string[] | undefined;
  /** `asset.shipped`: the locale shipped from. */
  sourceLocale?: string | undefined;
}

/** Queues change events inside the transaction of the change, so they exist exactly when the change does. */
export type QueueChangeEvents = (trx: Transaction<DB>, events: readonly AssetChangeEvent[]) => Promise<void>;
