import { linkMethods, type AssetContainer, type AssetLinkRelation, type AssetRights, type AssetStatus, type AssetVersion, type HttpMethod, type Link, type RawAssetVersion } from '@editor/domain';
import { parseContent } from './content.ts';
import type { HistoryRow } from './repository.ts';
import type { LoadedVersion, VersionMeta } from './types.ts';

export const ASSETS_PATH = '/api/v1/assets';

export const containerPath = (id: string) => `${ASSETS_PATH}/${id}`;
export const versionPath = (id: string, locale: string) => `${ASSETS_PATH}/${id}/localizations/${locale}`;

const link = (href: string, methods: HttpMethod[]): Link => ({ href, methods });

function parseJson<T>(json: string | null): T | null {
  return json === null ? null : (JSON.parse(json) as T);
}

type ContainerMeta = AssetVersion['_embedded']['about']['_meta'];
const externalReferenceOf = (version: Pick<LoadedVersion, 'asset'>) => parseJson<NonNullable<ContainerMeta['externalReference']>>(version.asset.external_reference);
const musicImportOf = (version: Pick<LoadedVersion, 'asset'>) => parseJson<NonNullable<ContainerMeta['musicImport']>>(version.asset.music_import);

/**
 * The links of a version, each with the methods this user may use (DESIGN §4); the app derives its rights from them
 * and the server's guard checks the same table (`LINK_RIGHTS`).
 */
export function versionLinks(version: { localization: Pick<LoadedVersion['localization'], 'asset_id' | 'locale'> }, rights: AssetRights) {
  const { asset_id: id, locale } = version.localization;
  const self = versionPath(id, locale);
  const container = containerPath(id);
  const at = (href: string, relation: AssetLinkRelation) => link(href, linkMethods(rights, relation));
  return {
    self: at(self, 'self'),
    'p:publish': at(`${self}/publish`, 'p:publish'),
    'p:depublish': at(`${self}/depublish`, 'p:depublish'),
    'p:publishcheck': at(`${self}/publish-check`, 'p:publishcheck'),
    'p:preview': at(`${self}/preview`, 'p:preview'),
    'p:usage': at(`${self}/usage`, 'p:usage'),
    'p:localization': at(`${container}/localization`, 'p:localization'),
    'p:bookmark': at(`${self}/bookmark`, 'p:bookmark'),
    'p:ship': at(`${self}/actions/ship`, 'p:ship'),
    'p:changeSpaces': at(`${container}/spaces`, 'p:changeSpaces'),
    'p:setEmbargoDate': at(`${container}/embargo`, 'p:setEmbargoDate'),
  };
}

/** Spec 000 §3 `_embedded.about`: the container's data that every locale shares. */
export function presentAbout(version: Pick<LoadedVersion, 'asset' | 'spaces' | 'bookmarked' | 'locales'>) {
  const { asset } = version;
  return {
    id: asset.id,
    _meta: {
      spaces: version.spaces,
      bookmarked: version.bookmarked,
      embargo: { startDate: asset.embargo_start, endDate: asset.embargo_end },
      musicImport: musicImportOf(version),
      externalReference: externalReferenceOf(version),
      localizations: version.locales.map((entry) => ({ localization: entry.locale, status: entry.status })),
    },
    _links: { self: link(containerPath(asset.id), ['GET']) },
  };
}

function presentHistory(rows: HistoryRow[]) {
  return rows.map((row) => ({
    version: row.version,
    action: row.action,
    user: row.user_name,
    date: row.at,
    changedProperties: JSON.parse(row.changed_properties) as string[],
    basedOnVersion: row.if_match,
  }));
}

/** Spec 000 §3 asset version. `raw` returns content as plain values, without the stencil's definitions. */
export function presentVersion(version: LoadedVersion, rights: AssetRights): AssetVersion;
export function presentVersion(version: LoadedVersion, rights: AssetRights, options: { raw?: boolean }): AssetVersion | RawAssetVersion;
export function presentVersion(version: LoadedVersion, rights: AssetRights, options: { raw?: boolean } = {}): AssetVersion | RawAssetVersion {
  const { localization: row, stencil } = version;
  const stored = parseContent(row.content);
  const meta = JSON.parse(row.meta) as VersionMeta;
  const content = options.raw
    ? Object.fromEntries(Object.entries(stored).map(([name, input]) => [name, input.value]))
    : Object.fromEntries(
        stencil.inputs.map((input) => {
          const value = stored[input.name];
          return [
            input.name,
            {
              name: input.name,
              type: input.type,
              value: value?.value,
              constraints: input.constraints ?? {},
              multiple: input.multiple ?? false,
              view: input.view,
              ...(value?._meta ? { _meta: value._meta } : {}),
            },
          ];
        }),
      );
  const isScheduled = row.publish_start !== null && row.publish_start > new Date().toISOString();
  return {
    id: row.asset_id,
    localization: row.locale,
    stencil: stencil.name,
    content,
    _links: versionLinks(version, rights),
    _embedded: { about: presentAbout(version) },
    _meta: {
      status: row.status as AssetStatus,
      version: row.version,
      title: row.title,
      createdBy: row.created_by,
      createdDate: row.created_at,
      updatedBy: row.updated_by,
      updatedDate: row.updated_at,
      lastShipped: row.last_shipped_at,
      lastPublished: row.last_published_at,
      firstPublished: row.first_published_at,
      published: row.first_published_at !== null,
      publishSchedule: { startDate: row.publish_start, endDate: row.publish_end },
      isScheduled,
      changedProperties: JSON.parse(row.changed_properties) as string[],
      previewedProperties: meta.previewedProperties ?? [],
      aiTranslationNeedsConfirmation: meta.aiTranslationNeedsConfirmation ?? false,
      aiGeneratedProperties: meta.aiGeneratedProperties ?? [],
      uriSlugClaimPending: (version.pendingSlugTitles?.length ?? 0) > 0,
      externalReference: externalReferenceOf(version),
      musicImport: musicImportOf(version),
      ...(meta.migration ? { migration: meta.migration } : {}),
      ...(meta.crepoImport ? { crepoImport: meta.crepoImport } : {}),
      ...(version.history ? { history: presentHistory(version.history) } : {}),
    },
  };
}

/** Spec 000 §7 `GET /api/v1/assets/{id}`: the container with a `p:localization` link per locale. */
export function presentContainer(version: LoadedVersion): AssetContainer {
  const about = presentAbout(version);
  return {
    id: about.id,
    stencil: version.stencil.name,
    _meta: { ...about._meta, createdBy: version.asset.created_by, createdDate: version.asset.created_at },
    _links: {
      self: about._links.self,
      'p:localization': version.locales.map((entry) => ({ ...link(versionPath(version.asset.id, entry.locale), ['GET']), localization: entry.locale })),
    },
  };
}

/** The ETag of a version: its version number (DESIGN §4). */
export const etagOf = (version: LoadedVersion) => `"${version.localization.version}"`;
