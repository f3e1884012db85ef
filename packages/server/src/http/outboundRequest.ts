import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { checkExternalUrl, isPrivateHost } from '@editor/domain';

/**
 * Requests this server makes to addresses its users give it (imports, webhooks), guarded against reaching the
 * machine or its private network (spec 000 §5): every address a name resolves to is checked before connecting, the
 * connection goes to exactly the checked addresses, one deadline covers look-up, connection and answer, and no more
 * than a set number of bytes of the answer is read. Redirects are the caller's business: a 3xx is answered as it is.
 */

/** Answers the addresses a host name stands for (tests pass their own to play a DNS that answers a private address). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (hostname) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Why an outbound request did not get an answer: `refused` (the address is not one this server may reach), `failed`
 * (no connection, a broken answer, a name that does not resolve), `too-large` or `timeout`. The message names the
 * other side as the caller calls it ("the source", "the receiver").
 */
export class OutboundError extends Error {
  readonly kind: 'refused' | 'failed' | 'too-large' | 'timeout';

  constructor(kind: OutboundError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

const capitalised = (peer: string) => `${peer.charAt(0).toUpperCase()}${peer.slice(1)}`;
const timedOut = (peer: string, timeoutMs: number) => new OutboundError('timeout', `${capitalised(peer)} did not answer within ${timeoutMs / 1000} s.`);
const bareHost = (hostname: string) => (hostname.startsWith('[') ? hostname.slice(1, -1) : hostname);
const checkedAddress = (address: string): CheckedAddress => ({ address, family: net.isIP(address) === 6 ? 6 : 4 });

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

/** One deadline for a whole outbound call, and how its refusal reads. */
export interface Deadline {
  signal: AbortSignal;
  timeoutMs: number;
  /** The other side as messages name it: `the source`, `the receiver`. */
  peer: string;
}

/** Settles with the promise, or with the deadline's refusal when that comes first. */
function beforeDeadline<T>(promise: Promise<T>, deadline: Deadline): Promise<T> {
  if (deadline.signal.aborted) return Promise.reject(timedOut(deadline.peer, deadline.timeoutMs));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(timedOut(deadline.peer, deadline.timeoutMs));
    deadline.signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => deadline.signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The addresses to connect to for a URL, or a refusal: the URL must pass the external URL check (spec 000 §5) and
 * every address its name resolves to must be public, unless `mayBePrivate` (a host the configuration names on
 * purpose), which connects wherever the name resolves.
 */
export async function checkedAddressesOf(url: URL, options: { mayBePrivate: boolean; resolve: ResolveHost; deadline: Deadline }): Promise<CheckedAddress[]> {
  const host = url.host.toLowerCase();
  const hostname = bareHost(url.hostname);
  if (!options.mayBePrivate && checkExternalUrl(url.href)) throw new OutboundError('refused', `${host} is not a public address.`);
  if (net.isIP(hostname)) return [checkedAddress(hostname)];
  let addresses: string[];
  try {
    addresses = await beforeDeadline(options.resolve(hostname), options.deadline);
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    throw new OutboundError('failed', `${hostname} could not be resolved.`);
  }
  if (addresses.length === 0) throw new OutboundError('failed', `${hostname} could not be resolved.`);
  // A public name that resolves to a private address is refused (DNS rebinding).
  if (!options.mayBePrivate && addresses.some((address) => isPrivateHost(net.isIP(address) === 6 ? `[${address}]` : address))) {
    throw new OutboundError('refused', `${hostname} resolves to a private address.`);
  }
  return addresses.map(checkedAddress);
}

export interface OutboundRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Readonly<Record<string, string>>;
  body?: string | undefined;
  /** From `checkedAddressesOf`: the connection goes to these and nowhere else. */
  addresses: readonly CheckedAddress[];
  deadline: Deadline;
  maxBytes: number;
  /** `refuse`: an answer above `maxBytes` fails as too large; `truncate`: its first `maxBytes` are kept and the rest is not read. */
  oversize: 'refuse' | 'truncate';
}

export interface OutboundAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Empty for a redirect (3xx), whose body is never read. */
  body: Buffer;
  isTruncated: boolean;
}

/**
 * One request on a connection of its own to the checked addresses, reading at most `maxBytes` of the body; the
 * deadline ends it wherever it is (connecting, waiting for the head, reading a trickling body).
 */
export function requestOnce(request: OutboundRequest): Promise<OutboundAnswer> {
  const { url, deadline, maxBytes } = request;
  const peer = capitalised(deadline.peer);
  const client = url.protocol === 'https:' ? https : http;
  const tooLarge = () => new OutboundError('too-large', `${peer} answered more than ${maxBytes} bytes.`);
  return new Promise((resolve, reject) => {
    let isSettled = false;
    const settle = (outcome: { answer: OutboundAnswer } | { error: OutboundError }) => {
      if (isSettled) return;
      isSettled = true;
      deadline.signal.removeEventListener('abort', onDeadline);
      if ('error' in outcome) {
        outgoing.destroy();
        reject(outcome.error);
      } else {
        resolve(outcome.answer);
      }
    };
    const onDeadline = () => settle({ error: timedOut(deadline.peer, deadline.timeoutMs) });
    const outgoing = client.request(
      url,
      { method: request.method, headers: request.headers, agent: false, lookup: lookupCheckedAddresses(request.addresses) },
      (response) => {
        const status = response.statusCode ?? 0;
        const { headers } = response;
        if (status >= 300 && status < 400) {
          settle({ answer: { status, headers, body: Buffer.alloc(0), isTruncated: false } });
          outgoing.destroy();
          return;
        }
        const declared = Number(headers['content-length'] ?? 0);
        if (request.oversize === 'refuse' && declared > maxBytes) return settle({ error: tooLarge() });
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (isSettled) return;
          if (size + chunk.length > maxBytes) {
            if (request.oversize === 'refuse') return settle({ error: tooLarge() });
            chunks.push(chunk.subarray(0, maxBytes - size));
            settle({ answer: { status, headers, body: Buffer.concat(chunks), isTruncated: true } });
            outgoing.destroy();
            return;
          }
          size += chunk.length;
          chunks.push(chunk);
        });
        response.on('end', () => settle({ answer: { status, headers, body: Buffer.concat(chunks), isTruncated: false } }));
        response.on('error', (error) => settle({ error: new OutboundError('failed', `Reading ${deadline.peer} failed: ${error.message}`) }));
        response.on('close', () => {
          if (!response.complete) settle({ error: new OutboundError('failed', `${peer} closed the connection before the end of its answer.`) });
        });
      },
    );
    outgoing.on('error', (error) => settle({ error: new OutboundError('failed', `${peer} could not be reached: ${error.message}`) }));
    if (deadline.signal.aborted) return onDeadline();
    deadline.signal.addEventListener('abort', onDeadline, { once: true });
    outgoing.end(request.body);
  });
}
