/** The named routes of spec 000 §2 with their paths and the label their tab and heading show. */
export const ROUTES = {
  Dashboard: { path: '/dashboard', label: 'Dashboard' },
  AllContent: { path: '/all-content', label: 'All Content' },
  Favorites: { path: '/favorites', label: 'Favorites' },
  MyContent: { path: '/my-content', label: 'My Content' },
  MediaArchive: { path: '/media-archive', label: 'Media Archive' },
  ImageUploads: { path: '/image-uploads', label: 'Image Uploads' },
  PublicationOverview: { path: '/publication-overview', label: 'Publication Overview' },
  AssetEditor: { path: '/assets/:id/localizations/:locale/edit', label: 'Asset Editor' },
} as const satisfies Record<string, { path: string; label: string }>;

export type RouteName = keyof typeof ROUTES;

export function isRouteName(value: string): value is RouteName {
  return Object.hasOwn(ROUTES, value);
}

/** Help (spec 002 §2): /help redirects to the EAQL tab. */
export const HELP = {
  path: '/help',
  label: 'Help',
  tabs: {
    eaql: { path: '/help/eaql', label: 'EAQL' },
    misc: { path: '/help/misc', label: 'Miscellaneous' },
  },
} as const;

/** The technical admins' pages, reached from the user menu; not tabs. */
export const ADMIN_ROUTES = {
  DeliveryKeys: { path: '/admin/delivery-keys', label: 'Delivery Keys' },
  Webhooks: { path: '/admin/webhooks', label: 'Webhooks' },
  Trash: { path: '/admin/trash', label: 'Trash' },
  DataImports: { path: '/admin/imports', label: 'Data Imports' },
} as const satisfies Record<string, { path: string; label: string }>;

/** The routes outside the main view (spec 000 §2). */
export const AUTH_PATHS = {
  login: '/login',
  callback: '/callback',
  logout: '/logout',
} as const;

export function assetEditorPath(asset: { id: string; locale: string }): string {
  return `/assets/${encodeURIComponent(asset.id)}/localizations/${encodeURIComponent(asset.locale)}/edit`;
}

/** Spec 000 §2: the path / leads to the dashboard with dashboard access, otherwise to AllContent. */
export function homeRouteName(hasDashboardAccess: boolean): RouteName {
  return hasDashboardAccess ? 'Dashboard' : 'AllContent';
}

/** Spec 000 §2: a redirect copies the previous route's query string onto a target that has none. */
export function withCarriedQuery(target: string, previousSearch: string): string {
  if (target.includes('?') || previousSearch === '' || previousSearch === '?') return target;
  return `${target}${previousSearch.startsWith('?') ? '' : '?'}${previousSearch}`;
}
