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

export interface DB {
  app_user: UserTable;
  saved_filter: SavedFilterTable;
  oidc_model: OidcModelTable;
}
