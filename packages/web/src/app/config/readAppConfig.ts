import { appConfigSchema, type AppConfig } from '@editor/domain';

declare global {
  interface Window {
    /** Set by `/app-config.js`, which index.html loads before the app. */
    __APP_CONFIG__?: unknown;
  }
}

/** The installation's configuration as the server served it; throws when it is missing or malformed. */
export function readAppConfig(source: Pick<Window, '__APP_CONFIG__'> = window): AppConfig {
  if (source.__APP_CONFIG__ === undefined) {
    throw new Error('The app configuration (/app-config.js) could not be loaded.');
  }
  return appConfigSchema.parse(source.__APP_CONFIG__);
}
