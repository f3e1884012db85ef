import { assetVersionSchema, type AssetVersion, type HistoryEntry, type Link } from '@editor/domain';

type Methods = Link['methods'];

interface AssetVersionOverrides {
  id?: string;
  localization?: string;
  stencil?: string;
  content?: AssetVersion['content'];
  spaces?: string[];
  bookmarked?: boolean;
  embargo?: { startDate: string | null; endDate: string | null };
  externalReference?: { origin: string; foreignId: string } | null;
  /** The MEPP import the asset was created from (`_embedded.about._meta.musicImport`). */
  musicImport?: { program: string; masterDataId: string } | null;
  localizations?: Array<{ localization: string; status: string }>;
  meta?: Partial<Omit<AssetVersion['_meta'], 'history'>>;
  history?: HistoryEntry[];
  /** The methods of the version's links, by relation; the rest keep the defaults of an editor of the asset. */
  linkMethods?: Partial<Record<keyof AssetVersion['_links'], Methods>>;
}

/**
 * One asset version as `GET /api/v1/assets/{id}/localizations/{locale}` answers it: a published story in en and de,
 * in rbcom, editable and publishable, without the rights to change spaces or set embargo dates. Parsed with the
 * domain schema, so a fixture can never drift from what the server sends.
 */
export function buildAssetVersion(overrides: AssetVersionOverrides = {}): AssetVersion {
  const id = overrides.id ?? 'a1';
  const localization = overrides.localization ?? 'en';
  const self = `/api/v1/assets/${id}/localizations/${localization}`;
  const container = `/api/v1/assets/${id}`;
  const methods = overrides.linkMethods ?? {};
  const link = (relation: keyof AssetVersion['_links'], href: string, fallback: Methods): Link => ({ href, methods: methods[relation] ?? fallback });
  const candidate = {
    id,
    localization,
    stencil: overrides.stencil ?? 'story',
    content: overrides.content ?? {},
    _links: {
      self: link('self', self, ['GET', 'PUT']),
      'p:publish': link('p:publish', `${self}/publish`, ['POST']),
      'p:depublish': link('p:depublish', `${self}/depublish`, ['POST']),
      'p:publishcheck': link('p:publishcheck', `${self}/publish-check`, ['GET']),
      'p:preview': link('p:preview', `${self}/preview`, ['POST']),
      'p:usage': link('p:usage', `${self}/usage`, ['GET']),
      'p:localization': link('p:localization', `${container}/localization`, ['GET']),
      'p:bookmark': link('p:bookmark', `${self}/bookmark`, ['PUT', 'DELETE']),
      'p:ship': link('p:ship', `${self}/actions/ship`, ['PATCH']),
      'p:changeSpaces': link('p:changeSpaces', `${container}/spaces`, []),
      'p:setEmbargoDate': link('p:setEmbargoDate', `${container}/embargo`, []),
    },
    _embedded: {
      about: {
        id,
        _meta: {
          spaces: overrides.spaces ?? ['rbcom'],
          bookmarked: overrides.bookmarked ?? false,
          embargo: overrides.embargo ?? { startDate: null, endDate: null },
          externalReference: overrides.externalReference ?? null,
          musicImport: overrides.musicImport ?? null,
          localizations: overrides.localizations ?? [
            { localization, status: 'published' },
            { localization: localization === 'de' ? 'en' : 'de', status: 'draft' },
          ],
        },
        _links: { self: { href: container, methods: ['GET'] } },
      },
    },
    _meta: {
      status: 'published',
      version: 4,
      title: 'Cliff diving in Mostar',
      createdBy: 'Emma Editor',
      createdDate: '2026-03-01T09:00:00.000Z',
      updatedBy: 'Max Manager',
      updatedDate: '2026-03-12T10:30:00.000Z',
      lastShipped: null,
      lastPublished: '2026-03-12T10:30:00.000Z',
      firstPublished: '2026-03-02T08:00:00.000Z',
      published: true,
      publishSchedule: { startDate: null, endDate: null },
      isScheduled: false,
      changedProperties: [],
      previewedProperties: [],
      aiTranslationNeedsConfirmation: false,
      aiGeneratedProperties: [],
      ...overrides.meta,
      ...(overrides.history ? { history: overrides.history } : {}),
    },
  };
  return assetVersionSchema.parse(candidate);
}

/** One entry of a version's history (`?includeHistory=true`). */
export function buildHistoryEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    version: 1,
    action: 'save',
    user: 'Emma Editor',
    date: '2026-03-01T09:00:00.000Z',
    changedProperties: [],
    basedOnVersion: null,
    ...overrides,
  };
}
