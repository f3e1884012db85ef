import type { AssetVersion, StencilDefinition } from '@editor/domain';
import type { ApiClient } from '../../../api/client.ts';
import { assetVersionPath, stencilPath } from '../../../api/paths.ts';
import type { ContentValues, ContentMetas, EditorSnapshot } from '../../../editor-state/editorStore.ts';
import { aiReviewOf } from '../../../editor-state/aiReview.ts';

/** What the editor opens: the version and its stencil's definition (inputs and content areas). */
export interface EditorAsset {
  version: AssetVersion;
  stencil: StencilDefinition;
}

export function fetchVersion(api: ApiClient, key: { id: string; locale: string }, options: { signal?: AbortSignal | undefined; includeHistory?: boolean } = {}): Promise<AssetVersion> {
  const query = options.includeHistory ? '?includeHistory=true' : '';
  return api.request({ path: `${assetVersionPath(key.id, key.locale)}${query}`, response: 'assetVersion', signal: options.signal });
}

export async function fetchEditorAsset(api: ApiClient, key: { id: string; locale: string }, signal?: AbortSignal): Promise<EditorAsset> {
  // The history names the editors on the Meta tab.
  const version = await fetchVersion(api, key, { signal, includeHistory: true });
  const stencil = await api.request({ path: stencilPath(version.stencil), response: 'stencilDefinition', signal });
  return { version, stencil };
}

/**
 * Spec 000 §7 save: PUT to the self link with the content and, when given, the `_meta` (the AI review's
 * confirmation); `If-Match` names the version the edits were based on.
 */
export function saveVersion(
  api: ApiClient,
  input: { version: AssetVersion; content: Record<string, unknown>; meta?: Record<string, unknown> | undefined; basedOnVersion: number },
): Promise<AssetVersion> {
  return api.request({
    method: 'PUT',
    path: input.version._links.self.href,
    headers: { 'If-Match': `"${input.basedOnVersion}"` },
    body: input.meta ? { content: input.content, _meta: input.meta } : { content: input.content },
    response: 'assetVersion',
  });
}

/** Spec 000 §7 delete: DELETE on the version's self link. */
export function deleteVersion(api: ApiClient, version: AssetVersion): Promise<void> {
  return api.send({ method: 'DELETE', path: version._links.self.href });
}

/** The editor's side of a version: each input's value and `_meta`. */
export function snapshotOf(version: AssetVersion): EditorSnapshot {
  const values: Record<string, unknown> = {};
  const metas: Record<string, Readonly<Record<string, unknown>> | undefined> = {};
  for (const [name, entry] of Object.entries(version.content)) {
    if (entry.value !== undefined && entry.value !== null) values[name] = entry.value;
    if (entry._meta) metas[name] = entry._meta;
  }
  const about = { id: version.id, localization: version.localization, spaces: version._embedded.about._meta.spaces, externalReference: version._embedded.about._meta.externalReference };
  return { values: values as ContentValues, metas: metas as ContentMetas, aiReview: aiReviewOf(version), about };
}
