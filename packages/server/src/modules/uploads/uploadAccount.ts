import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { EMBEDDED_CLOUD, embeddedUploadPath, type UploadAccount } from './service.ts';
import { loadOrCreateUploadSecret } from './uploadSecret.ts';

/**
 * Who signs uploads: the Cloudinary account of `CLOUDINARY_URL`, whose upload API the browser posts to; otherwise
 * the embedded service (cloud and api key `local`, the secret kept in the database), posted to on this origin.
 */
export async function uploadAccountOf(config: Pick<Config, 'cloudinary'>, db: Kysely<DB>): Promise<UploadAccount> {
  const { cloudinary } = config;
  if (cloudinary) {
    const { cloudName, apiKey, apiSecret } = cloudinary;
    return { cloudName, apiKey, apiSecret, uploadUrl: `${cloudinary.apiUrl}/image/upload`, isEmbedded: false };
  }
  return {
    cloudName: EMBEDDED_CLOUD,
    apiKey: EMBEDDED_CLOUD,
    apiSecret: await loadOrCreateUploadSecret(db),
    uploadUrl: embeddedUploadPath(EMBEDDED_CLOUD),
    isEmbedded: true,
  };
}
