import type { HttpMethod, Revision } from '@editor/domain';
import { versionPath } from '../assets/presenter.ts';
import type { RevisionListRow } from '../revision-store/repository.ts';

export const revisionsPath = (id: string, locale: string) => `${versionPath(id, locale)}/revisions`;

/** One revision as the history lists it, with its links; `canRestore` decides the methods of `restore`. */
export function presentRevision(key: { id: string; locale: string }, row: RevisionListRow, canRestore: boolean): Revision {
  const self = `${revisionsPath(key.id, key.locale)}/${row.version}`;
  const restoreMethods: HttpMethod[] = canRestore ? ['POST'] : [];
  return {
    version: row.version,
    kind: row.action,
    user: { id: row.user_id, name: row.user_name },
    date: row.at,
    changedPaths: JSON.parse(row.changed_paths) as string[],
    isPublished: row.action === 'publish',
    basedOnVersion: row.if_match,
    _links: { self: { href: self, methods: ['GET'] }, restore: { href: `${self}/restore`, methods: restoreMethods } },
  };
}
