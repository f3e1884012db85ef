import { checkExternalUrl } from '@editor/domain';
import { OutboundError, checkedAddressesOf, requestOnce, type ResolveHost } from '../../http/outboundRequest.ts';
import { webhookHeaders } from './signature.ts';

/** How much of a receiver's answer is read and kept in the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** What one try came to: `succeeded` (2xx), `retry` (timeout, no connection, 5xx, 429) or `failed` for good. */
export interface AttemptResult {
  verdict: 'succeeded' | 'retry' | 'failed';
  statusCode: number | null;
  durationMs: number;
  /** The first bytes of the answer, as text. */
  response: string;
  error: string | null;
  /** The receiver's Retry-After, in milliseconds from now. */
  retryAfterMs?: number | undefined;
}

export interface SendOptions {
  /** `WEBHOOK_ALLOWED_HOSTS`: hosts that may be private. */
  allowedHosts: readonly string[];
  resolve: ResolveHost;
  timeoutMs: number;
  /** Ends a try early (the worker stopping). */
  signal?: AbortSignal | undefined;
  now?: () => Date;
}

/**
 * Why a receiver's address cannot be used at all, or undefined when it can: http(s) without credentials, and public
 * unless its host is on `WEBHOOK_ALLOWED_HOSTS`. Each try checks its DNS answers on top of this.
 */
export function receiverUrlProblem(url: string, allowedHosts: readonly string[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The receiver’s address is not a valid URL.';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'Only http and https addresses can receive webhooks.';
  if (parsed.username !== '' || parsed.password !== '') return 'An address with credentials in it cannot receive webhooks.';
  if (allowedHosts.includes(parsed.host.toLowerCase())) return undefined;
  if (checkExternalUrl(url)) return `${parsed.host} is not a public address; a receiver on a private network must be on WEBHOOK_ALLOWED_HOSTS.`;
  return undefined;
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMsOf(value: string | string[] | undefined, now: Date): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}

/** Text a database column can hold: PostgreSQL refuses NUL in text. */
const storable = (body: Buffer) => body.toString('utf8').replaceAll('\u0000', '');

/**
 * Sends one signed try of a delivery: the address checked after DNS (every answer public, unless allowed), one
 * deadline for connection and answer, at most `RESPONSE_EXCERPT_BYTES` of the answer read, redirects not followed.
 */
export async function sendWebhook(delivery: { id: string; url: string; secret: string; body: string }, options: SendOptions): Promise<AttemptResult> {
  const clock = options.now ?? (() => new Date());
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (verdict: AttemptResult['verdict'], error: string): AttemptResult => ({ verdict, statusCode: null, durationMs: elapsed(), response: '', error });
  const problem = receiverUrlProblem(delivery.url, options.allowedHosts);
  if (problem) return failed('failed', problem);
  const url = new URL(delivery.url);
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  const deadline = { signal: AbortSignal.any(signals), timeoutMs: options.timeoutMs, peer: 'the receiver' };
  try {
    const addresses = await checkedAddressesOf(url, { mayBePrivate: options.allowedHosts.includes(url.host.toLowerCase()), resolve: options.resolve, deadline });
    const headers = { ...webhookHeaders({ secret: delivery.secret, id: delivery.id, body: delivery.body, now: clock() }), 'user-agent': 'EditorApp-Webhooks/1' };
    const answer = await requestOnce({ url, method: 'POST', headers, body: delivery.body, addresses, deadline, maxBytes: RESPONSE_EXCERPT_BYTES, oversize: 'truncate' });
    const { status } = answer;
    const result = { statusCode: status, durationMs: elapsed(), response: storable(answer.body) };
    if (status >= 200 && status < 300) return { ...result, verdict: 'succeeded', error: null };
    if (status >= 300 && status < 400) {
      return { ...result, verdict: 'failed', error: `The receiver answered ${status}${answer.headers.location ? ` to ${answer.headers.location}` : ''}; redirects are not followed.` };
    }
    if (status === 429 || status >= 500) {
      return { ...result, verdict: 'retry', error: `The receiver answered ${status}.`, retryAfterMs: retryAfterMsOf(answer.headers['retry-after'], clock()) };
    }
    return { ...result, verdict: 'failed', error: `The receiver answered ${status}.` };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    // A receiver that cannot be reached now may be back later; an address it may not have stays refused.
    return failed(error.kind === 'refused' ? 'failed' : 'retry', error.message);
  }
}
