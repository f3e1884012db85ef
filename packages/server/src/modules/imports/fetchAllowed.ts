import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { checkExternalUrl, isPrivateHost } from '@editor/domain';
import type { AllowedImportHost } from '../../config.ts';
import { HttpError } from '../../http/errors.ts';

/** Answers the addresses a host name stands for (tests pass their own to play a DNS that answers a private address). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (hostname) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

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

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

const refused = (message: string) => new HttpError(400, message, { code: 'import-url-refused' });
const failed = (message: string) => new HttpError(502, message, { code: 'import-source-failed' });
const tooLarge = (maxBytes: number) => new HttpError(502, `The source answered more than ${maxBytes} bytes.`, { code: 'import-source-too-large' });
const timedOut = (timeoutMs: number) => new HttpError(504, `The source did not answer within ${timeoutMs / 1000} s.`, { code: 'import-source-timeout' });

const bareHost = (hostname: string) => (hostname.startsWith('[') ? hostname.slice(1, -1) : hostname);
const checkedAddress = (address: string): CheckedAddress => ({ address, family: net.isIP(address) === 6 ? 6 : 4 });

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
 * Node's `lookup` option answering the addresses already checked, so that the connection goes where the check
 * looked and the name is not resolved a second time. Node asks with `all: true` when it tries several addresses
 * (`autoSelectFamily`, on by default) and expects the list then; otherwise one address and its family.
 */
export function lookupCheckedAddresses(addresses: readonly CheckedAddress[]): net.LookupFunction {
  return (hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
    const [first] = wanted;
    if (!first) {
      callback(Object.assign(new Error(`${hostname} has no checked IPv${options.family} address`), { code: 'ENOTFOUND' }), '', 0);
    } else if (options.all) {
      callback(null, wanted.map((entry) => ({ ...entry })));
    } else {
      callback(null, first.address, first.family);
    }
  };
}

/** Settles with the promise, or with the deadline's refusal when that comes first. */
function beforeDeadline<T>(promise: Promise<T>, deadline: AbortSignal, timeoutMs: number): Promise<T> {
  if (deadline.aborted) return Promise.reject(timedOut(timeoutMs));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(timedOut(timeoutMs));
    deadline.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onAbort));
  });
}

/**
 * The addresses to connect to for one hop, or a refusal: the host must be on the allow-list; the URL must pass the
 * external URL check (spec 000 §5) and every address its name resolves to must be public. An allow-list entry that
 * itself names a private host (127.0.0.1:4001, localhost:4001, crepo.internal) is the one exception: that exact
 * host and port may be fetched, whatever its name resolves to.
 */
async function checkHop(url: URL, options: FetchAllowedOptions, deadline: AbortSignal): Promise<{ allowed: AllowedImportHost; addresses: CheckedAddress[] }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(`Only http and https addresses can be imported from, not ${url.protocol}.`);
  const host = url.host.toLowerCase();
  const allowed = options.allowedHosts.find((entry) => entry.host === host);
  if (!allowed) throw refused(`${host} is not among the hosts imports may come from (IMPORT_ALLOWED_HOSTS).`);
  // Credentials come from IMPORT_SOURCE_HEADERS only; Node would send the address's own as basic authentication.
  if (url.username !== '' || url.password !== '') throw refused('An address with credentials in it cannot be imported from.');
  const hostname = bareHost(url.hostname);
  const isExplicitPrivateEntry = isPrivateHost(url.host);
  if (!isExplicitPrivateEntry && checkExternalUrl(url.href)) throw refused(`${host} is not a public address.`);
  if (net.isIP(hostname)) return { allowed, addresses: [checkedAddress(hostname)] };
  let addresses: string[];
  try {
    addresses = await beforeDeadline(options.resolve(hostname), deadline, options.timeoutMs);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw failed(`${hostname} could not be resolved.`);
  }
  if (addresses.length === 0) throw failed(`${hostname} could not be resolved.`);
  // A public name that resolves to a private address is refused even when allow-listed (DNS rebinding).
  if (!isExplicitPrivateEntry && addresses.some((address) => isPrivateHost(net.isIP(address) === 6 ? `[${address}]` : address))) {
    throw refused(`${hostname} resolves to a private address.`);
  }
  return { allowed, addresses: addresses.map(checkedAddress) };
}

interface Hop {
  status: number;
  location: string | undefined;
  body: Buffer;
}

interface HopRequest {
  url: URL;
  addresses: readonly CheckedAddress[];
  headers: Readonly<Record<string, string>>;
  deadline: AbortSignal;
}

/**
 * One request on a connection of its own to the checked addresses, reading at most `maxBytes` of the body; the
 * deadline ends it wherever it is (connecting, waiting for the head, reading a trickling body).
 */
function requestHop({ url, addresses, headers, deadline }: HopRequest, options: FetchAllowedOptions): Promise<Hop> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let isSettled = false;
    const settle = (outcome: { hop: Hop } | { error: HttpError }) => {
      if (isSettled) return;
      isSettled = true;
      deadline.removeEventListener('abort', onDeadline);
      if ('error' in outcome) {
        request.destroy();
        reject(outcome.error);
      } else {
        resolve(outcome.hop);
      }
    };
    const onDeadline = () => settle({ error: timedOut(options.timeoutMs) });
    const request = client.request(
      url,
      { method: 'GET', headers: { accept: 'application/json', ...headers }, agent: false, lookup: lookupCheckedAddresses(addresses) },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400) {
          settle({ hop: { status, location, body: Buffer.alloc(0) } });
          request.destroy();
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) return settle({ error: tooLarge(options.maxBytes) });
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) return settle({ error: tooLarge(options.maxBytes) });
          chunks.push(chunk);
        });
        response.on('end', () => settle({ hop: { status, location, body: Buffer.concat(chunks) } }));
        response.on('error', (error) => settle({ error: failed(`Reading the source failed: ${error.message}`) }));
        response.on('close', () => {
          if (!response.complete) settle({ error: failed('The source closed the connection before the end of its answer.') });
        });
      },
    );
    request.on('error', (error) => settle({ error: failed(`The source could not be reached: ${error.message}`) }));
    if (deadline.aborted) return onDeadline();
    deadline.addEventListener('abort', onDeadline, { once: true });
    request.end();
  });
}

/**
 * GETs a URL from an allow-listed host, checking each hop (the first and every redirect, at most `maxRedirects`)
 * before connecting and sending each only its own host's headers; answers the body of the final 2xx answer within
 * one deadline. Redirects are followed by hand so that none skips the check.
 */
export async function fetchAllowed(options: FetchAllowedOptions): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw refused('url is not a valid address.');
  }
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let hasBeenSecure = false;
  for (let redirects = 0; ; redirects += 1) {
    const { allowed, addresses } = await checkHop(url, options, deadline);
    hasBeenSecure ||= url.protocol === 'https:';
    const headers = credentialsForHop({ url, allowed, hasBeenSecure });
    const hop = await requestHop({ url, addresses, headers, deadline }, options);
    if (hop.status >= 300 && hop.status < 400) {
      if (!hop.location) throw failed(`The source answered ${hop.status} without a location.`);
      if (redirects >= options.maxRedirects) throw failed(`The source redirected more than ${options.maxRedirects} times.`);
      try {
        url = new URL(hop.location, url);
      } catch {
        throw failed(`The source redirected to an invalid address.`);
      }
      continue;
    }
    if (hop.status < 200 || hop.status >= 300) throw failed(`The source answered ${hop.status}.`);
    return hop.body;
  }
}
