import crypto from 'node:crypto';

/** Parameters Cloudinary leaves out of the string it signs (its documented scheme), plus the signature itself. */
const UNSIGNED_PARAMS = new Set(['file', 'cloud_name', 'resource_type', 'api_key', 'signature']);

/** A signature is valid for an hour from its timestamp, as Cloudinary's; a clock a minute ahead is tolerated. */
export const SIGNATURE_LIFETIME_SECONDS = 60 * 60;
export const CLOCK_SKEW_SECONDS = 60;

/**
 * Cloudinary's upload signature: the signed parameters sorted by name, joined as `name=value&…`, the API secret
 * appended, SHA-1 in hex. Values are taken as they are, not URL-encoded.
 */
export function signParams(params: Readonly<Record<string, string>>, apiSecret: string): string {
  const signed = Object.keys(params)
    .filter((name) => !UNSIGNED_PARAMS.has(name) && params[name] !== '')
    .toSorted()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return crypto.createHash('sha1').update(signed + apiSecret).digest('hex');
}

/** Compares in constant time, so the answer's timing tells nothing about how much of a forged signature was right. */
export function isSignatureOf(params: Readonly<Record<string, string>>, apiSecret: string): boolean {
  const given = Buffer.from(params.signature ?? '', 'utf8');
  const expected = Buffer.from(signParams(params, apiSecret), 'utf8');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export type TimestampCheck = 'valid' | 'stale' | 'future' | 'missing';

/** Whether a signed timestamp (seconds) lies within the signature's lifetime at `nowSeconds`. */
export function checkTimestamp(timestamp: string | undefined, nowSeconds: number): TimestampCheck {
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return 'missing';
  const at = Number(timestamp);
  if (at < nowSeconds - SIGNATURE_LIFETIME_SECONDS) return 'stale';
  if (at > nowSeconds + CLOCK_SKEW_SECONDS) return 'future';
  return 'valid';
}

/** Cloudinary's context escapes '=' and '|' in keys and values with a backslash. */
const escapeContext = (text: string) => text.replace(/([\\=|])/g, '\\$1');

/** Writes context entries as Cloudinary's `key=value|key=value` string, in the order given. */
export function contextString(entries: Readonly<Record<string, string>>): string {
  return Object.entries(entries)
    .map(([key, value]) => `${escapeContext(key)}=${escapeContext(value)}`)
    .join('|');
}

/** Reads a `key=value|key=value` context string back into its entries (the inverse of `contextString`). */
export function parseContext(text: string): Record<string, string> {
  // A Map, then own properties: a key such as "__proto__" is a key like any other, never the object's prototype.
  const entries = new Map<string, string>();
  let key = '';
  let current = '';
  let inValue = false;
  const close = () => {
    if (inValue && key !== '') entries.set(key, current);
    key = '';
    current = '';
    inValue = false;
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '\\' && index + 1 < text.length) {
      current += text[++index];
    } else if (char === '=' && !inValue) {
      key = current;
      current = '';
      inValue = true;
    } else if (char === '|') {
      close();
    } else {
      current += char;
    }
  }
  close();
  return Object.fromEntries(entries);
}
