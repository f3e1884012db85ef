import { appConfigSchema, isRecord, type AppConfig } from '@editor/domain';

declare global {
  interface Window {
    /** Set by `/app-config.js`, which index.html loads before the app. */
    __APP_CONFIG__?: unknown;
  }
}


/**
 * The installation's configuration as the server served it; throws when it is missing or malformed. Development and
 * tests check it against its schema. A production build checks only the parts every page reads at once, since the
 * server built the configuration from its own checked one, and leaves the schema, and zod, out of the first load.
 */
export function readAppConfig(source: Pick<Window, '__APP_CONFIG__'> = window): AppConfig {
  const config = source.__APP_CONFIG__;
  if (config === undefined) throw new Error('The app configuration (/app-config.js) could not be loaded.');
  if (import.meta.env.DEV) return appConfigSchema.parse(config);
  if (!isRecord(config) || !isRecord(config.oidc) || !isRecord(config.links)) throw new Error('The app configuration (/app-config.js) is malformed.');
  return config as AppConfig;
}
