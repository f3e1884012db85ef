/** Paths of the server calls (spec 000 §7) that the app builds itself rather than following a link. */
export const ASSETS_PATH = '/api/v1/assets';

export const assetVersionPath = (id: string, locale: string) =>
  `${ASSETS_PATH}/${encodeURIComponent(id)}/localizations/${encodeURIComponent(locale)}`;

export const stencilPath = (name: string) => `/api/v1/stencils/${encodeURIComponent(name)}`;
