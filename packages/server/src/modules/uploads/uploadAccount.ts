import type { Config } from '../../config.ts';
import { EMBEDDED_CLOUD, embeddedUploadPath, type UploadAccount } from './service.ts';
import { loadOrCreateUploadSecret } from './uploadSecret.ts';

/**
 * Who signs uploads: the Cloudinary account of `CLOUDINARY_URL`, whose upload API the browser posts to; otherwise
 * the embedded service (cloud and api key `local`, the secret kept in the data folder), posted to on this origin.
 */
export async function uploadAccountOf(config: Pick<Config, 'cloudinary' | 'dataDir'>): Promise<UploadAccount> {
  const { cloudinary } = config;
  if (cloudinary) {
    const { cloudName, apiKey, apiSecret } = cloudinary;
    return { cloudName, apiKey, apiSecret, uploadUrl: `${cloudinary.apiUrl}/image/upload`, isEmbedded: false };
  }
  return {
    cloudName: EMBEDDED_CLOUD,
    apiKey: EMBEDDED_CLOUD,
    apiSecret: await loadOrCreateUploadSecret(config.dataDir),
    uploadUrl: embeddedUploadPath(EMBEDDED_CLOUD),
    isEmbedded: true,
  };
}
