import type { AssetVersion, Link, PublishBody, PublishCheckResponse } from '@editor/domain';
import type { ApiClient } from '../../api/client.ts';

/** Spec 002 §7 publish check: GET on the version's publish-check link. */
export function fetchPublishCheck(api: ApiClient, version: AssetVersion, signal?: AbortSignal): Promise<PublishCheckResponse> {
  return api.request({ path: version._links['p:publishcheck'].href, response: 'publishCheckResponse', signal });
}

/** Spec 000 §7, 002 §7 publish: POST on the publish link with the schedule; answers the published version. */
export function publishVersion(api: ApiClient, input: { version: AssetVersion; body: PublishBody }): Promise<AssetVersion> {
  return api.request({ method: 'POST', path: input.version._links['p:publish'].href, body: input.body, response: 'assetVersion' });
}

/** What unpublishing needs of a version, whether the editor's or a list card's. */
export interface UnpublishTarget {
  id: string;
  localization: string;
  _links: { 'p:usage': Link; 'p:depublish': Link };
}

/** Spec 000 §7 unpublish: POST on the depublish link, no body; answers the unpublished version. */
export function depublishVersion(api: ApiClient, target: UnpublishTarget): Promise<AssetVersion> {
  return api.request({ method: 'POST', path: target._links['p:depublish'].href, response: 'assetVersion' });
}
