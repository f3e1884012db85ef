import type { ColumnType, Generated } from 'kysely';
import type { TransitionStatus, TransitionTo } from '@editor/domain';

/** The tables and their columns. JSON is stored as text and timestamps as ISO-8601 UTC text in both dialects. */
export interface UserTable {
  /** The `sub` claim of the identity provider. */
  id: string;
  name: string;
  email: string | null;
  shortname: string | null;
  /** JSON arrays, refreshed from the identity provider's groups at every sign-in. */
  roles: string;
  spaces: string;
  localizations: string;
  /** JSON of UserSettings. */
  settings: string;
  created_at: string;
  updated_at: string;
}

export interface SavedFilterTable {
  id: string;
  user_id: string;
  /** JSON of Filters. */
  filters: string;
  created_at: string;
}

/** One stored object of the embedded sign-in provider (session, grant, code, token, interaction...). */
export interface OidcModelTable {
  kind: string;
  id: string;
  /** JSON of the provider's payload. */
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  /** Epoch milliseconds; null never expires. */
  expires_at: number | string | null;
  consumed_at: number | string | null;
}

export interface AssetTable {
  id: string;
  stencil: string;
  embargo_start: string | null;
  embargo_end: string | null;
  /** JSON `{ origin, foreignId }`. */
  external_reference: string | null;
  /** JSON `{ program, masterDataId }`. */
  music_import: string | null;
  created_at: string;
  created_by: string;
}

export interface AssetSpaceTable {
  asset_id: string;
  space: string;
}

export interface AssetLocalizationTable {
  asset_id: string;
  locale: string;
  stencil: string;
  status: string;
  /** The title input's text, for lists and history. */
  title: string;
  /** JSON: input name -> `{ value, _meta? }`. */
  content: string;
  /** JSON of the version's meta (AI flags...). */
  meta: string;
  /** JSON list of the inputs that differ from the last published content. */
  changed_properties: string;
  /** JSON of the content as last published; null until first published. */
  published_content: string | null;
  /** Grows by one with every write: the optimistic-concurrency token (ETag / If-Match). */
  version: number;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
  first_published_at: string | null;
  last_published_at: string | null;
  last_shipped_at: string | null;
  publish_start: string | null;
  publish_end: string | null;
  /** Derived at each write (modules/assets/derived.ts); the database has defaults for rows written before. */
  error_count: ColumnType<number, number | undefined, number>;
  main_image: ColumnType<string | null, string | null | undefined, string | null>;
  search_text: ColumnType<string, string | undefined, string>;
  infographic: ColumnType<number, number | undefined, number>;
  /** The asset's spaces as `,a,b,` (sorted), kept by triggers (migration 007) for the list's covering index. */
  spaces: ColumnType<string, string | undefined, string>;
  /** JSON array of the targets of its tagging references, written with them (migration 011): the list's tag buckets count it. */
  tag_ids: ColumnType<string, string | undefined, string>;
}

/** Which asset versions reference which assets, kept at each write: usage, tagging and authorship filters read it. */
export interface AssetReferenceTable {
  asset_id: string;
  locale: string;
  input: string;
  target_id: string;
}

export interface AssetHistoryTable {
  asset_id: string;
  locale: string;
  version: number;
  action: string;
  user_id: string;
  user_name: string;
  at: string;
  /** JSON list of the inputs this version changed. */
  changed_properties: string;
  /**
   * The revision's content in its stored form (migration 035, docs/revisions.md): the content's JSON when
   * `content_form` is 'snapshot', a JSON patch (RFC 6902) from the revision before when it is 'patch'.
   */
  content: string;
  /** The version the write was based on; null for a write without If-Match. */
  if_match: number | null;
  content_form: ColumnType<'snapshot' | 'patch', 'snapshot' | 'patch' | undefined, 'snapshot' | 'patch'>;
  /** The snapshot a patch's chain starts at; a snapshot's own version (null in rows written as plain snapshots). */
  base_version: number | null;
  /** JSON list of the paths the revision changed: inputs, with the element's index for one element of a list. */
  changed_paths: ColumnType<string, string | undefined, never>;
  /** The trash entry (`deleted_version.id`) of a deleted version's revisions; '' while the version exists. */
  deleted_id: ColumnType<string, string | undefined, string>;
}

/** Issue 41 trash: a deleted version, restorable from its revisions (which keep its `id` as their `deleted_id`). */
export interface DeletedVersionTable {
  id: string;
  asset_id: string;
  locale: string;
  stencil: string;
  title: string;
  /** JSON array of the asset's spaces when the version was deleted. */
  spaces: string;
  /** JSON of the version's meta. */
  meta: string;
  /** JSON of the asset container's row when it went with its last version; null when other versions remained. */
  asset_row: string | null;
  /** JSON list of the URI slugs the version owned or claimed: `{ slugId, space, regionLocale, uriTitle, isClaim }`. */
  slugs: string;
  last_version: number;
  deleted_at: string;
  deleted_by: string;
}

/** A publish or unpublish transition of a version (spec 002 §3): executed, scheduled for `due_at`, or failed. */
export interface TransitionTable {
  id: string;
  asset_id: string;
  locale: string;
  transition_to: TransitionTo;
  status: TransitionStatus;
  /** When it is (or was) due; for an executed one, when it ran. */
  due_at: string;
  executed_at: string | null;
  message: string | null;
  user_name: string;
  /** The `app_user` id of who scheduled it, whose rights the scheduler acts with (migration 023); null on older rows. */
  user_id: string | null;
  created_at: string;
}

/** How many versions there are per combination of the list's facet columns, kept by triggers (migration 007). */
export interface AssetListCountTable {
  spaces: string;
  stencil: string;
  locale: string;
  status: string;
  infographic: number;
  n: number;
}

/**
 * PostgreSQL: a version's search entry, kept by triggers (migration 018): the columns of its version that a search's
 * conditions, sorts and counts read, and its indexed vector.
 */
export type AssetSearchEntryTable = Pick<
  AssetLocalizationTable,
  'asset_id' | 'locale' | 'stencil' | 'status' | 'infographic' | 'spaces' | 'created_at' | 'updated_at' | 'last_published_at' | 'publish_start' | 'publish_end'
> & { vector: string };

/** A URI slug (spec 000 §3): one URI title in one space and slug region locale, owned by one asset version. */
export interface UriSlugTable {
  /** `{space}:{slug region locale}:{uri title}`. */
  slug_id: string;
  space: string;
  region_locale: string;
  uri_title: string;
  asset_id: string;
  locale: string;
  created_at: string;
}

/** A pending claim (spec 000 §3): the slug moves to this version when it is published. */
export interface UriSlugClaimTable {
  slug_id: string;
  asset_id: string;
  locale: string;
  user_name: string;
  created_at: string;
}

export interface BookmarkTable {
  user_id: string;
  asset_id: string;
  locale: string;
  created_at: string;
}

/** A live preview's content under its random token, until it expires (migration 009). */
export interface PreviewTable {
  token: string;
  asset_id: string;
  locale: string;
  /** The page model as JSON (see modules/preview/previewModel.ts). */
  model: string;
  created_at: string;
  expires_at: string;
}

/** An AI translation running into one target locale of an asset (migration 010); `token` names its holder. */
export interface TranslationLockTable {
  asset_id: string;
  locale: string;
  token: string;
  user_name: string;
  created_at: string;
}

/**
 * Failed sign-ins per key (`account:`, `address:`, `pair:` or `device:`, oidc/signInGuard.ts); times in epoch
 * milliseconds. `account` and `address` name what a key concerns (migration 031), for an admin's unlock.
 */
export interface SignInFailureTable {
  key: string;
  failures: number;
  last_failure_at: number | string;
  locked_until: number | string | null;
  account: ColumnType<string | null, string | null | undefined, string | null>;
  address: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A sign-in ended before its tokens expire (migration 030); epoch seconds, bigint (PostgreSQL answers it as text). */
export interface RevokedSessionTable {
  key: string;
  issued_until: ColumnType<number | string, number, number>;
  expires_at: ColumnType<number | string, number, number>;
}

export interface ServerSecretTable {
  name: string;
  value: string;
}

/** An image the embedded image service accepted (migration 020); the signature that allowed it is unique. */
export interface UploadTable {
  id: string;
  /** The content-addressed id of the stored original (`<slug>-<hash>`); several uploads may share one. */
  public_id: string;
  signature: string;
  space: string;
  /** From the signed context: the asset and locale the image was uploaded for, when known. */
  asset_id: string | null;
  localization: string | null;
  /** The user who asked for the signature. */
  user_id: string;
  file_name: string;
  format: string;
  bytes: number;
  width: number;
  height: number;
  created_at: string;
}

/** An image, video or audio file of the media archive (migration 021); JSON and timestamps as text, sizes in pixels, duration in seconds. */
export interface MediaItemTable {
  id: string;
  content_type: string;
  title: string;
  description: string;
  search_text: string;
  photographer_credit_option: string | null;
  campaign_name: string | null;
  ingest_timestamp: string;
  reference_key_frame: string | null;
  channel: string | null;
  /** JSON array of country codes. */
  blocked_countries: string;
  duration: number | null;
  width: number | null;
  height: number | null;
  codec: string | null;
  renditions_available: number;
  /** Blob keys of the archive's store. */
  original_key: string;
  original_content_type: string;
  /** bigint: PostgreSQL answers it as text. */
  original_bytes: ColumnType<number | string, number, number>;
  poster_key: string | null;
  very_large_key: string | null;
  asset_id: string | null;
  last_published_at: string | null;
}

/** A preview clip marker of an archive video (spec 002 §3), in and out points in milliseconds. */
export interface MediaClipMarkerTable {
  id: string;
  media_item_id: string;
  inpoint: number;
  outpoint: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/**
 * One entry of the audit log (migration 022); `detail` is JSON, `at` an ISO time, `id` starts with it. An entry of
 * counted refusals (migration 031) stands for `count` of them between `first_at` and `last_at`; its `at` is the minute.
 */
export interface AuditLogTable {
  id: string;
  at: string;
  event: string;
  user_id: string | null;
  client_address: string | null;
  target: string | null;
  outcome: string;
  detail: string;
  count: ColumnType<number, number | undefined, number>;
  first_at: ColumnType<string | null, string | null | undefined, string | null>;
  last_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An event of the events store (migration 024); `locales` and `spaces` as `,a,b,`, `tags` JSON, times ISO UTC. */
export interface EventTable {
  id: string;
  title: string;
  description: string;
  source: string;
  mepp_ref: string | null;
  rbu_ref: string | null;
  locale: string;
  locales: string;
  tags: string;
  spaces: string;
  start_utc: string;
  end_utc: string;
  time_zone: string;
  country_code: string;
  country_name: string;
  city: string;
  latitude: number;
  longitude: number;
  series: string | null;
  /** 1 when the organisation hosts the event (spec 001 §3 hostedBy{product}). */
  hosted_by_product: number;
  status: string;
  image_url: string | null;
  search_text: string;
  created_at: string;
  /** The id the event's source gives it (migration 036), unique where given. */
  external_id: string | null;
}

/** A tag of the content repository the tag feed answers (migration 028); playground projects are created here. */
export interface TagResourceTable {
  id: string;
  origin: string;
  foreign_id: string;
  title: string;
  label: string;
  uri_slug: string | null;
  sub_type: string | null;
  status: string;
  author: string;
  broader_tag_id: string | null;
  created_at: string;
}

/** A master-data record the import by domain, model and master id creates an asset from (migration 027); `content` is JSON. */
export interface MasterDataRecordTable {
  domain: string;
  model: string;
  master_id: string;
  program: string;
  locale: string;
  space: string;
  title: string;
  content: string;
  updated_at: string;
}

/** A ZOE localization the embed search lists (migration 037); `country` null for a language alone. */
export interface ZoeLocalizationTable {
  id: string;
  title: string;
  engagement: string;
  slug: string;
  language: string;
  country: string | null;
  fullscreen_ready: number;
  updated_at: string;
}

/**
 * A key of the delivery API (migration 032): what it may read (`spaces` and `locales`, JSON arrays), its rate, and the
 * SHA-256 of its secret (hex); revoked keys stay for the record. Migration 032 also gives `asset_localization` the
 * trigger-kept `published_title` and `published_tag_ids`, which only the delivery repository reads.
 */
export interface DeliveryKeyTable {
  id: string;
  name: string;
  secret_hash: string;
  spaces: string;
  locales: string;
  requests_per_second: number | null;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
  revoked_at: string | null;
  revoked_by: string | null;
}

/** A webhook receiver (migration 033); `events` and `spaces` JSON arrays (`spaces` null: every space), `enabled` 0 or 1. */
export interface WebhookEndpointTable {
  id: string;
  url: string;
  description: string;
  events: string;
  spaces: string | null;
  enabled: number;
  /** `whsec_` + base64 of the signing key. */
  secret: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

/** One event for one endpoint in the webhook outbox (migration 033); its id is the `webhook-id` header. */
export interface WebhookDeliveryTable {
  id: string;
  endpoint_id: string;
  event_type: string;
  /** The event's data as JSON, without the delivery URL (added when it is sent). */
  data: string;
  created_at: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  retry_until: string;
  finished_at: string | null;
}

/** One try of a webhook delivery (migration 033): the answer's status (null when none came) and its first bytes. */
export interface WebhookAttemptTable {
  id: string;
  delivery_id: string;
  attempted_at: string;
  status_code: number | null;
  duration_ms: number;
  response: string;
  error: string | null;
}

/** A write to an asset, kept a few minutes for live updates that resume after a reconnect (migration 038). */
/** Migration 040: the list index's change feed, a row per written version key (its triggers write it). */
export interface AssetListChangeTable {
  seq: Generated<number>;
  asset_id: string;
  locale: string;
}

export interface LiveEventTable {
  id: Generated<number>;
  at: string;
  asset_id: string;
  /** JSON array of the asset's spaces when it was written: who may hear of it. */
  spaces: string;
  /** JSON of the event without its id. */
  data: string;
}

export interface DB {
  asset: AssetTable;
  asset_space: AssetSpaceTable;
  asset_localization: AssetLocalizationTable;
  asset_history: AssetHistoryTable;
  deleted_version: DeletedVersionTable;
  bookmark: BookmarkTable;
  asset_reference: AssetReferenceTable;
  asset_list_count: AssetListCountTable;
  asset_search_entry: AssetSearchEntryTable;
  transition: TransitionTable;
  uri_slug: UriSlugTable;
  uri_slug_claim: UriSlugClaimTable;
  preview: PreviewTable;
  translation_lock: TranslationLockTable;
  app_user: UserTable;
  saved_filter: SavedFilterTable;
  oidc_model: OidcModelTable;
  sign_in_failure: SignInFailureTable;
  revoked_session: RevokedSessionTable;
  server_secret: ServerSecretTable;
  upload: UploadTable;
  audit_log: AuditLogTable;
  media_item: MediaItemTable;
  media_clip_marker: MediaClipMarkerTable;
  event: EventTable;
  master_data_record: MasterDataRecordTable;
  zoe_localization: ZoeLocalizationTable;
  tag_resource: TagResourceTable;
  delivery_key: DeliveryKeyTable;
  webhook_endpoint: WebhookEndpointTable;
  webhook_delivery: WebhookDeliveryTable;
  webhook_attempt: WebhookAttemptTable;
  live_event: LiveEventTable;
  asset_list_change: AssetListChangeTable;
}
