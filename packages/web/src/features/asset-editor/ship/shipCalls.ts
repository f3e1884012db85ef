import type { AssetVersion, BulkShipBody, ShipLocaleResult } from '@editor/domain';
import { ApiError, type ApiClient } from '../../../api/client.ts';
import { ASSETS_PATH } from '../../../api/paths.ts';
import { describeError } from '../../../ui/describeError.ts';

/** Spec 000 §7: `{container}/actions/bulk-ship`. */
export const bulkShipPath = (id: string) => `${ASSETS_PATH}/${encodeURIComponent(id)}/actions/bulk-ship`;

/**
 * Spec 000 §7 bulk-ship: `PATCH {container}/actions/bulk-ship` ships the open version's saved properties into the
 * chosen locales, one result per locale. A call that fails as a whole (network, 5xx, the source refused) is every
 * locale's failure, so the result list still names each one.
 */
export async function shipToLocales(api: ApiClient, input: { version: AssetVersion; locales: readonly string[]; properties: readonly string[] }): Promise<ShipLocaleResult[]> {
  const body: BulkShipBody = { sourceLocale: input.version.localization, localesToShip: [...input.locales], propertiesToShip: [...input.properties] };
  try {
    const answer = await api.request({ method: 'PATCH', path: bulkShipPath(input.version.id), body, response: 'shipResponse' });
    // A locale the answer leaves out was not shipped.
    return input.locales.map((locale) => answer.data.find((result) => result.localization === locale) ?? { localization: locale, status: 0, messages: [] });
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    const messages = error instanceof ApiError && error.messages.length > 0 ? [...error.messages] : [describeError(error).message];
    return input.locales.map((locale) => ({ localization: locale, status, messages }));
  }
}
