import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assetListResponseSchema, type AssetListResponse } from '@editor/domain';
import { requireAuth } from '../../../auth/plugin.ts';
import type { ImageDelivery } from '../../media/imageDelivery.ts';
import type { AssetsService } from '../service.ts';
import { ASSETS_PATH } from '../presenter.ts';
import { listQuerySchema } from './listQuery.ts';
import { presentListItem } from './listPresenter.ts';
import type { ListService } from './listService.ts';

/** The query string of a request with `next` replaced (or removed). */
function withNext(rawUrl: string, next: string | undefined): string {
  const url = new URL(rawUrl, 'http://local');
  url.searchParams.delete('next');
  if (next) url.searchParams.set('next', next);
  return `${url.pathname}${url.search}`;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads (the dashboard's panel and suggestion calls): it leaves the kept lists alone. */
    readsOnly?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every answer to a write drops the kept lists before it goes out, so the writer's next list call sees the write. */
export function forgetListsOnWrites(app: FastifyInstance, list: Pick<ListService, 'forgetLists'>): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READS.has(request.method) && !request.routeOptions.config.readsOnly) list.forgetLists();
    return payload;
  });
}

export const assetListRoutes: FastifyPluginAsyncZod<{ list: ListService; assets: AssetsService; delivery: ImageDelivery }> = async (app, { list, assets, delivery }) => {
  app.get(ASSETS_PATH, { schema: { querystring: listQuerySchema, response: { 200: assetListResponseSchema } }, config: { isHotPath: true } }, async (request): Promise<AssetListResponse> => {
    const auth = requireAuth(request);
    const result = await list.listAssets(auth, request.query);
    return {
      _embedded: { item: result.versions.map((version) => presentListItem(version, assets.rightsOn(auth, version), delivery)) },
      facets: result.facets,
      size: result.versions.length,
      total: result.total,
      sortBy: result.sortBy,
      _links: {
        self: { href: request.url },
        search: { href: ASSETS_PATH },
        ...(result.next ? { next: { href: withNext(request.url, result.next) } } : {}),
      },
    };
  });
};
