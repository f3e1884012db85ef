import { isLocaleId } from '@editor/domain';
import { badRequest } from '../../http/errors.ts';

/** Context keys the server writes itself; a request cannot set them. */
export const SPACE_KEY = 'space';
export const UPLOADER_KEY = 'uploaded_by';
/** A random id per signature: two signatures asked for in the same second are still different, and each is used once. */
export const UPLOAD_ID_KEY = 'upload_id';
export const SERVER_KEYS: readonly string[] = [SPACE_KEY, UPLOADER_KEY, UPLOAD_ID_KEY];

/** An asset id as the upload row keeps it (column asset_id, varchar(36)). */
const ASSET_ID = /^[\w-]{1,36}$/;

/** The context values an upload row keeps as columns (migration 020): the asset and the locale it was made for. */
export interface UploadColumns {
  assetId: string | null;
  localization: string | null;
}

/**
 * Checks the context values that become columns, when a signature is asked for and again when its upload arrives
 * (a form signed before this check, or by another instance, is not trusted to hold them): an asset id, and the locale
 * under `localization` or the older key `locale`, a locale id by the domain's rule. 400 names the key.
 */
export function uploadColumnsOf(context: Readonly<Record<string, string | undefined>>): UploadColumns {
  const { assetId, localization, locale } = context;
  if (assetId !== undefined && !ASSET_ID.test(assetId)) throw badRequest('context.assetId: an asset id is at most 36 letters, digits, "-" or "_".');
  for (const [key, value] of [['localization', localization], ['locale', locale]] as const) {
    if (value !== undefined && !isLocaleId(value)) throw badRequest(`context.${key}: a locale id is two lower-case letters, or two and a region, as "en" or "pt-BR".`);
  }
  return { assetId: assetId ?? null, localization: localization ?? locale ?? null };
}
