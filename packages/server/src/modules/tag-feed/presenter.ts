import type { Selectable } from 'kysely';
import type { TagFeedOrigin, TagResource } from '@editor/domain';
import type { TagResourceTable } from '../../db/schema.ts';

/** Spec 001 §3: playground projects are global, published tags of origin mediaplanet. */
export const PLAYGROUND_SPACE = 'global';
const PLAYGROUND_SPACES = [PLAYGROUND_SPACE];

/** Spec 001 §3 playground project tag: a stored tag as the tag feed answers it. */
export function resourceOf(row: Selectable<TagResourceTable>): TagResource {
  return {
    id: row.id,
    type: 'tags',
    attributes: { author: row.author, label: row.label, status: row.status, subType: row.sub_type, title: row.title, uriSlug: row.uri_slug },
    meta: { externalReference: { foreignId: row.foreign_id, origin: row.origin as TagFeedOrigin }, published: row.status === 'published', spaces: PLAYGROUND_SPACES },
    relationships: { broaderTag: { data: row.broader_tag_id === null ? null : { id: row.broader_tag_id } } },
  };
}

