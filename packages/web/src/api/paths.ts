/** Paths of the server calls (spec 000 §7) that the app builds itself rather than following a link. */
export const ASSETS_PATH = '/api/v1/assets';

export const assetVersionPath = (id: string, locale: string) =>
  `${ASSETS_PATH}/${encodeURIComponent(id)}/localizations/${encodeURIComponent(locale)}`;

export const stencilPath = (name: string) => `/api/v1/stencils/${encodeURIComponent(name)}`;
/** Spec 002 §7 schema attributes (the stencils an internal link may point to). */
export const SCHEMA_ATTRIBUTES_PATH = '/api/crepo/schemas/attributes';

export const aiTranslationsPath = (id: string, locale: string) => `${assetVersionPath(id, locale)}/ai-translations`;
export const availableAiTranslationsPath = (id: string, locale: string) => `${aiTranslationsPath(id, locale)}/available-ai-translations`;
export const bulkPatchPath = (id: string) => `${ASSETS_PATH}/${encodeURIComponent(id)}/actions/bulk-patch`;
