import { mediaPreviewOf, mediaValueSchema, type AssetListItem, type AssetRights, type AssetStatus } from '@editor/domain';
import type { ImageDelivery } from '../../media/imageDelivery.ts';
import { cardImageUrlOf } from '../imageOf.ts';
import { presentAbout, versionLinks } from '../presenter.ts';
import type { ListedVersion } from '../types.ts';

/** One version as a list shows it (spec 001 §3 card view): everything a card needs, no content. */
export function presentListItem(version: ListedVersion, rights: AssetRights, delivery: ImageDelivery): AssetListItem {
  const { localization: row, stencil } = version;
  const parsed = row.main_image ? mediaValueSchema.safeParse(JSON.parse(row.main_image)) : undefined;
  const image = parsed?.success ? parsed.data : null;
  const links = versionLinks(version, rights);
  const meta = JSON.parse(row.meta) as { previewedProperties?: string[]; aiTranslationNeedsConfirmation?: boolean };
  const about = presentAbout(version);
  return {
    id: row.asset_id,
    localization: row.locale,
    stencil: stencil.name,
    stencilLabel: stencil.label,
    stencilIcon: stencil.icon,
    title: row.title,
    imageUrl: image ? (cardImageUrlOf(image, delivery) ?? null) : null,
    image,
    mediaPreview: mediaPreviewOf(stencil, image !== null),
    _meta: {
      status: row.status as AssetStatus,
      createdBy: row.created_by,
      createdDate: row.created_at,
      updatedBy: row.updated_by,
      updatedDate: row.updated_at,
      lastPublished: row.last_published_at,
      publishSchedule: { startDate: row.publish_start, endDate: row.publish_end },
      changedProperties: JSON.parse(row.changed_properties) as string[],
      previewedProperties: meta.previewedProperties ?? [],
      aiTranslationNeedsConfirmation: meta.aiTranslationNeedsConfirmation ?? false,
      errorCount: row.error_count,
    },
    _embedded: { about: { id: about.id, _meta: { spaces: about._meta.spaces, bookmarked: about._meta.bookmarked, localizations: about._meta.localizations } } },
    _links: {
      self: links.self,
      'p:publish': links['p:publish'],
      'p:depublish': links['p:depublish'],
      'p:preview': links['p:preview'],
      'p:usage': links['p:usage'],
      'p:bookmark': links['p:bookmark'],
      'p:localization': links['p:localization'],
    },
  };
}
