import type { Kysely } from 'kysely';
import { PLAYGROUND_PROJECT_SUBTYPE } from '@editor/domain';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { AssetsService } from '../assets/service.ts';
import type { Actor } from '../assets/types.ts';
import { findAssetIdByExternalReference } from '../imports/repository.ts';
import type { RecordEditor } from './recordWriter.ts';

/** Spec 001 §3: playground projects are global tags. */
const PLAYGROUND_SPACE = 'global';

/**
 * A project profile's "Playground project" field references a `tag` asset: each playground project of the tag feed
 * gets one (space global, sub-type playground-project, its BP id), made once and found again by its external
 * reference (mediaplanet and the BP id). It is made as imports make assets: the writer's own right to write
 * reference data was checked by the caller, so the asset rights are deliberately not asked again. The asset is the
 * editors' from then on: a later change of the project's title does not overwrite theirs.
 */
export function createPlaygroundProjectAssets(options: { db: Kysely<DB>; dialect: Dialect; assets: AssetsService; locale: string }) {
  async function ensure(editor: RecordEditor, project: { foreignId: string; title: string }): Promise<string> {
    const reference = { origin: 'mediaplanet', foreignId: project.foreignId };
    const existing = await findAssetIdByExternalReference(options.db, options.dialect, reference);
    if (existing) return existing;
    // Enough to read back what was made: the global space in the asset's locale, no role.
    const rights = { roles: [], spaces: [PLAYGROUND_SPACE], localizations: [options.locale] };
    const actor: Actor = { identity: { id: editor.userId, name: editor.name, email: null, shortname: null, rights }, rights };
    const version = await options.assets.createAsset(
      actor,
      {
        locale: options.locale,
        space: PLAYGROUND_SPACE,
        stencil: 'tag',
        content: { title: { value: project.title.slice(0, 80) }, 'sub-type': { value: PLAYGROUND_PROJECT_SUBTYPE }, 'playground-project-id': { value: project.foreignId } },
        externalReference: reference,
      },
      { asImporter: true },
    );
    return version.asset.id;
  }

  return { ensure };
}

export type PlaygroundProjectAssets = ReturnType<typeof createPlaygroundProjectAssets>;
