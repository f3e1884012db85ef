import { VALIDATION_MESSAGES } from './messages.ts';
import { isPrivateIPv4, isPrivateIPv6, parseIPv4, parseIPv6 } from './ipAddress.ts';

export interface ExternalUrlError {
  code: 1 | 2 | 3;
  message: string;
}

const HTTP_SCHEME = /^https?:\/\//i;
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
const TOP_LEVEL_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Spec 000 §5: name suffixes that never lead to the public internet: `localhost` (RFC 6761), multicast DNS `.local`
 * (RFC 6762), the home network `.home.arpa` (RFC 8375), ICANN's private-use `.internal` (cloud metadata lives at
 * metadata.google.internal), and the suffixes private networks use by habit (`.lan`, `.home`, `.corp`…).
 */
export const PRIVATE_NAME_SUFFIXES: readonly string[] = ['localhost', 'localdomain', 'local', 'internal', 'intranet', 'home.arpa', 'home', 'lan', 'corp', 'private'];

/** A single-label name (`intranet`, `metadata`) is completed by the resolver's search domains, so it names a local host. */
function isPrivateName(name: string): boolean {
  if (name === '') return false;
  if (!name.includes('.')) return true;
  return PRIVATE_NAME_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

function decodePercents(host: string): string {
  if (!host.includes('%')) return host;
  try {
    return decodeURIComponent(host);
  } catch {
    return host;
  }
}

/**
 * Spec 000 §5: whether a host names this machine or a non-public network: IPv4 or IPv6 literals in any spelling
 * (decimal, hex, octal, short forms, bracketed, IPv4-mapped), single-label names and names under a private suffix
 * (`localhost`, `.local`, `.internal`…). A port is ignored.
 */
export function isPrivateHost(host: string): boolean {
  const text = host.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(text);
  if (bracketed) {
    const groups = parseIPv6(bracketed[1] ?? '');
    return groups !== undefined && isPrivateIPv6(groups);
  }
  if (text.includes(':')) {
    const groups = parseIPv6(text);
    if (groups) return isPrivateIPv6(groups);
    const withPort = /^([^:]*):\d*$/.exec(text);
    return withPort ? isPrivateHost(withPort[1] ?? '') : false;
  }
  const name = decodePercents(text);
  if (name !== text) return isPrivateHost(name);
  const address = parseIPv4(name);
  if (address !== undefined) return isPrivateIPv4(address);
  return isPrivateName(name.endsWith('.') ? name.slice(0, -1) : name);
}

/** The host as written in the URL, before the URL parser rewrites it (userinfo and port removed). */
function writtenHost(url: string): string {
  const authority = url.replace(HTTP_SCHEME, '').split(/[/?#\\]/)[0] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const port = host.lastIndexOf(':');
  return port === -1 ? host : host.slice(0, port);
}

/** A public DNS name: at least two labels of letters, digits, hyphens (and underscores below the top level). */
function isPublicDomainName(hostname: string): boolean {
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (name.length > 253) return false;
  const labels = name.split('.');
  const topLevel = labels[labels.length - 1] ?? '';
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && TOP_LEVEL_LABEL.test(topLevel);
}

const invalid: ExternalUrlError = { code: 3, message: VALIDATION_MESSAGES.urlInvalid };

/**
 * Spec 000 §5, external URL check: code 1 when empty, code 2 when it does not begin with http:// or https://,
 * code 3 when it is not a valid URL of a public host (private addresses, private names, credentials, bare names).
 * Surrounding whitespace is ignored; the scheme is matched case-insensitively.
 */
export function checkExternalUrl(url: string): ExternalUrlError | undefined {
  const text = url.trim();
  if (text === '') return { code: 1, message: VALIDATION_MESSAGES.urlEmpty };
  if (!HTTP_SCHEME.test(text)) return { code: 2, message: VALIDATION_MESSAGES.urlScheme };
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return invalid;
  }
  const { hostname } = parsed;
  if (hostname === '' || parsed.username !== '' || parsed.password !== '') return invalid;
  if (isPrivateHost(hostname) || isPrivateHost(writtenHost(text))) return invalid;
  if (hostname.startsWith('[')) return parseIPv6(hostname) ? undefined : invalid;
  if (parseIPv4(hostname) !== undefined) return undefined;
  return isPublicDomainName(hostname) ? undefined : invalid;
}
