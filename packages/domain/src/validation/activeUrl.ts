/** Schemes whose addresses run something where they are opened instead of leading somewhere. */
export const ACTIVE_URL_SCHEMES: readonly string[] = ['javascript', 'vbscript', 'data'];

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

/**
 * The active scheme an address names (`javascript`, `vbscript`, `data`), read as a browser reads it: leading and
 * trailing spaces and control characters ignored, tabs and newlines anywhere, any letter case. Undefined for every
 * other address, whether it is a good one or not (the external URL check says what is wrong with the rest).
 */
export function activeUrlScheme(address: string): string | undefined {
  // oxlint-disable-next-line no-control-regex -- removing control characters is the point
  const text = address.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  return scheme !== undefined && ACTIVE_URL_SCHEMES.includes(scheme) ? scheme : undefined;
}
