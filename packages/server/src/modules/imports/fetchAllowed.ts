import { isPrivateHost } from '@editor/domain';
import type { AllowedImportHost } from '../../config.ts';
import { HttpError } from '../../http/errors.ts';
import { OutboundError, checkedAddressesOf, requestOnce, type CheckedAddress, type Deadline, type ResolveHost } from '../../http/outboundRequest.ts';

export interface FetchAllowedOptions {
  url: string;
  /** `IMPORT_ALLOWED_HOSTS`: the hosts (`name` or `name:port`, compared with the URL's host) that may be fetched, each with its own headers. */
  allowedHosts: readonly AllowedImportHost[];
  maxBytes: number;
  maxRedirects: number;
  /** One deadline for the whole call: every look-up, connection, redirect and the body. */
  timeoutMs: number;
  resolve: ResolveHost;
}

const refused = (message: string) => new HttpError(400, message, { code: 'import-url-refused' });
const failed = (message: string) => new HttpError(502, message, { code: 'import-source-failed' });

/** The import's answer to an outbound request that got none: what went wrong, with the import's status and code. */
function importErrorOf(error: unknown): unknown {
  if (!(error instanceof OutboundError)) return error;
  switch (error.kind) {
    case 'refused':
      return refused(error.message);
    case 'too-large':
      return new HttpError(502, error.message, { code: 'import-source-too-large' });
    case 'timeout':
      return new HttpError(504, error.message, { code: 'import-source-timeout' });
    default:
      return failed(error.message);
  }
}

/**
 * The headers one hop carries: the ones configured for exactly its host, and none once a redirect has left https
 * for http (they would cross the network in clear). Never anything of the caller's: what a source receives it could
 * replay against this server.
 */
export function credentialsForHop(hop: { url: URL; allowed: AllowedImportHost; hasBeenSecure: boolean }): Readonly<Record<string, string>> {
  if (hop.hasBeenSecure && hop.url.protocol !== 'https:') return {};
  return hop.allowed.headers;
}

/**
 * The addresses to connect to for one hop, or a refusal: the host must be on the allow-list; the URL must pass the
 * external URL check (spec 000 §5) and every address its name resolves to must be public. An allow-list entry that
 * itself names a private host (127.0.0.1:4001, localhost:4001, crepo.internal) is the one exception: that exact
 * host and port may be fetched, whatever its name resolves to.
 */
async function checkHop(url: URL, options: FetchAllowedOptions, deadline: Deadline): Promise<{ allowed: AllowedImportHost; addresses: CheckedAddress[] }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(`Only http and https addresses can be imported from, not ${url.protocol}.`);
  const host = url.host.toLowerCase();
  const allowed = options.allowedHosts.find((entry) => entry.host === host);
  if (!allowed) throw refused(`${host} is not among the hosts imports may come from (IMPORT_ALLOWED_HOSTS).`);
  // Credentials come from IMPORT_SOURCE_HEADERS only; Node would send the address's own as basic authentication.
  if (url.username !== '' || url.password !== '') throw refused('An address with credentials in it cannot be imported from.');
  // A listed public name that resolves to a private address is refused all the same (DNS rebinding).
  const addresses = await checkedAddressesOf(url, { mayBePrivate: isPrivateHost(url.host), resolve: options.resolve, deadline });
  return { allowed, addresses };
}

/**
 * GETs a URL from an allow-listed host, checking each hop (the first and every redirect, at most `maxRedirects`)
 * before connecting and sending each only its own host's headers; answers the body of the final 2xx answer within
 * one deadline. Redirects are followed by hand so that none skips the check.
 */
export async function fetchAllowed(options: FetchAllowedOptions): Promise<Buffer> {
  try {
    return await fetchHops(options);
  } catch (error) {
    throw importErrorOf(error);
  }
}

async function fetchHops(options: FetchAllowedOptions): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw refused('url is not a valid address.');
  }
  const deadline: Deadline = { signal: AbortSignal.timeout(options.timeoutMs), timeoutMs: options.timeoutMs, peer: 'the source' };
  let hasBeenSecure = false;
  for (let redirects = 0; ; redirects += 1) {
    const { allowed, addresses } = await checkHop(url, options, deadline);
    hasBeenSecure ||= url.protocol === 'https:';
    const headers = { accept: 'application/json', ...credentialsForHop({ url, allowed, hasBeenSecure }) };
    const hop = await requestOnce({ url, method: 'GET', headers, addresses, deadline, maxBytes: options.maxBytes, oversize: 'refuse' });
    if (hop.status >= 300 && hop.status < 400) {
      const location = hop.headers.location;
      if (!location) throw failed(`The source answered ${hop.status} without a location.`);
      if (redirects >= options.maxRedirects) throw failed(`The source redirected more than ${options.maxRedirects} times.`);
      try {
        url = new URL(location, url);
      } catch {
        throw failed(`The source redirected to an invalid address.`);
      }
      continue;
    }
    if (hop.status < 200 || hop.status >= 300) throw failed(`The source answered ${hop.status}.`);
    return hop.body;
  }
}
