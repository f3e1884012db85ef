/** Every TanStack Query key of the app, so that invalidation finds what it means. */
export const queryKeys = {
  currentUser: () => ['currentUser'] as const,
  /** Every asset list, whatever its parameters: the prefix that bookmark changes update. */
  assetLists: () => ['assetList'] as const,
  /** One asset list (spec 001 §7 asset search) by its request parameters. */
  assetList: (params: Readonly<Record<string, string>>) => ['assetList', params] as const,
  /** A search in an asset-backed filter dropdown (tagging, authorship). */
  assetSearch: (params: Readonly<Record<string, string>>) => ['assetSearch', params] as const,
  /** The users search of the author filter (spec 001 §7). */
  userSearch: (query: string) => ['userSearch', query] as const,
  /** The stencils the user may create in a space and locale (the create-content modal). */
  creatableStencils: (space: string, localization: string) => ['creatableStencils', space, localization] as const,
};
