import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { checkExternalUrl, isPrivateHost } from '@editor/domain';
import { HttpError } from '../../http/errors.ts';

/** Answers the addresses a host name stands for (tests pass their own to play a DNS that answers a private address). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (hostname) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface FetchAllowedOptions {
  url: string;
  /** `IMPORT_ALLOWED_HOSTS`: the hosts (`name` or `name:port`, compared with the URL's host) that may be fetched. */
  allowedHosts: readonly string[];
  headers: Record<string, string>;
  maxBytes: number;
  maxRedirects: number;
  timeoutMs: number;
  resolve: ResolveHost;
}

const refused = (message: string) => new HttpError(400, message, { code: 'import-url-refused' });
const failed = (message: string) => new HttpError(502, message, { code: 'import-source-failed' });
const tooLarge = (maxBytes: number) => new HttpError(502, `The source answered more than ${maxBytes} bytes.`, { code: 'import-source-too-large' });

const bareHost = (hostname: string) => (hostname.startsWith('[') ? hostname.slice(1, -1) : hostname);

/**
 * The address to connect to for one hop, or a refusal: the host must be on the allow-list; the URL must pass the
 * external URL check (spec 000 §5) and every address its name resolves to must be public. An allow-list entry that
 * itself names a private host (127.0.0.1:4001) is the one exception: that exact host and port may be fetched.
 */
async function addressOfHop(url: URL, options: FetchAllowedOptions): Promise<{ address: string; family: 4 | 6 }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(`Only http and https addresses can be imported from, not ${url.protocol}.`);
  const host = url.host.toLowerCase();
  const allowed = options.allowedHosts.some((entry) => entry.toLowerCase() === host);
  if (!allowed) throw refused(`${host} is not among the hosts imports may come from (IMPORT_ALLOWED_HOSTS).`);
  const hostname = bareHost(url.hostname);
  const isExplicitPrivateEntry = isPrivateHost(url.host);
  if (isExplicitPrivateEntry) {
    if (net.isIP(hostname)) return { address: hostname, family: net.isIP(hostname) === 6 ? 6 : 4 };
  } else if (checkExternalUrl(url.href)) {
    throw refused(`${host} is not a public address.`);
  }
  if (net.isIP(hostname)) return { address: hostname, family: net.isIP(hostname) === 6 ? 6 : 4 };
  let addresses: string[];
  try {
    addresses = await options.resolve(hostname);
  } catch {
    throw failed(`${hostname} could not be resolved.`);
  }
  if (addresses.length === 0) throw failed(`${hostname} could not be resolved.`);
  // A public name that resolves to a private address is refused even when allow-listed (DNS rebinding).
  if (!isExplicitPrivateEntry && addresses.some((address) => isPrivateHost(address.includes(':') ? `[${address}]` : address))) {
    throw refused(`${hostname} resolves to a private address.`);
  }
  const [address = ''] = addresses;
  return { address, family: net.isIP(address) === 6 ? 6 : 4 };
}

interface Hop {
  status: number;
  location: string | undefined;
  body: Buffer;
}

/** One request to the checked address (the name is not looked up again), reading at most `maxBytes` of the body. */
function requestHop(url: URL, target: { address: string; family: 4 | 6 }, options: FetchAllowedOptions): Promise<Hop> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        headers: { accept: 'application/json', ...options.headers },
        timeout: options.timeoutMs,
        lookup: (_hostname, _options, callback) => callback(null, target.address, target.family),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          response.destroy();
          reject(tooLarge(options.maxBytes));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(tooLarge(options.maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, location, body: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(failed(`Reading the source failed: ${error.message}`)));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => reject(error instanceof HttpError ? error : failed(`The source could not be reached: ${error.message}`)));
    request.end();
  });
}

/**
 * GETs a URL from an allow-listed host, checking each hop (the first and every redirect, at most `maxRedirects`)
 * before connecting; answers the body of the final 2xx answer. Redirects are followed by hand so that none skips the check.
 */
export async function fetchAllowed(options: FetchAllowedOptions): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw refused('url is not a valid address.');
  }
  for (let redirects = 0; ; redirects += 1) {
    const target = await addressOfHop(url, options);
    const hop = await requestHop(url, target, options);
    if (hop.status >= 300 && hop.status < 400) {
      if (!hop.location) throw failed(`The source answered ${hop.status} without a location.`);
      if (redirects >= options.maxRedirects) throw failed(`The source redirected more than ${options.maxRedirects} times.`);
      url = new URL(hop.location, url);
      continue;
    }
    if (hop.status < 200 || hop.status >= 300) throw failed(`The source answered ${hop.status}.`);
    return hop.body;
  }
}
