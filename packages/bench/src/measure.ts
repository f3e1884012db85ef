import fs from 'node:fs';
import autocannon from 'autocannon';

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /**
   * CPU time the server process spent per request over the measured run (all its threads, microseconds), when its
   * process id was given: a figure that moves less than a rate when the machine is shared.
   */
  serverCpuUs?: number | undefined;
}

export interface LoadSpec {
  url: string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
  /** Builds each request: its method, path and body (a random asset per request, say). */
  nextRequest?: (context: Record<string, unknown>) => { method: 'GET' | 'PUT' | 'POST'; path: string; body?: string; headers?: Record<string, string> };
  /** The server's process, whose CPU time per request the measurement then reports (Linux). */
  serverPid?: number | undefined;
  /** Sees each response of `nextRequest`'s requests with the connection's context (to keep an ETag, say). */
  onResponse?: (status: number, headers: Record<string, string>, context: Record<string, unknown>) => void;
}

function options(spec: LoadSpec, seconds: number): autocannon.Options {
  const base = { url: spec.url, headers: spec.headers, connections: spec.connections, duration: seconds };
  if (!spec.nextRequest) return base;
  const next = spec.nextRequest;
  const { onResponse } = spec;
  return {
    ...base,
    requests: [
      {
        setupRequest: (request, context) => {
          const { method, path, body, headers } = next(context as Record<string, unknown>);
          return { ...request, method, path, ...(body ? { body } : {}), headers: { ...request.headers, ...(body ? { 'content-type': 'application/json' } : {}), ...headers } };
        },
        ...(onResponse ? { onResponse: (status: number, _body: string, context: object, headers: autocannon.Request['headers']) => onResponse(status, (headers ?? {}) as Record<string, string>, context as Record<string, unknown>) } : {}),
      },
    ],
  };
}

/** Runs autocannon and returns throughput and latency percentiles in milliseconds. */
export async function measure(spec: LoadSpec): Promise<Measurement> {
  // A short warm-up so JIT and caches do not count against the first measured second.
  await autocannon(options(spec, 1));
  const cpuBefore = cpuMsOf(spec.serverPid);
  const result = await autocannon(options(spec, spec.seconds));
  const cpuAfter = cpuMsOf(spec.serverPid);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: percentile95(result.latency),
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    serverCpuUs: cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0 ? undefined : Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total),
  };
}

/** Clock ticks a second of `/proc/<pid>/stat`'s times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The CPU time a process has used, user and system, in milliseconds; undefined without a process or `/proc`. */
export function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The fields after the command's name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/** autocannon reports p90 and p97.5; p95 lies between them, interpolated linearly. */
function percentile95(latency: { p90: number; p97_5: number }): number {
  return Math.round((latency.p90 + ((latency.p97_5 - latency.p90) * 5) / 7.5) * 100) / 100;
}

const cell = (value: number, width: number) => String(value).padStart(width);

export function formatRow(name: string, m: Measurement): string {
  const cpu = m.serverCpuUs === undefined ? '' : `  server CPU ${new Intl.NumberFormat('en').format(m.serverCpuUs)} µs/req`;
  return `${name.padEnd(52)} ${cell(m.requestsPerSecond, 7)}  ${cell(m.p50, 7)} ${cell(m.p95, 7)} ${cell(m.p99, 7)}  ${cell(m.errors + m.non2xx, 6)}${cpu}`;
}

export const TABLE_HEADER = `${'call'.padEnd(52)} ${'req/s'.padStart(7)}  ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  ${'errors'.padStart(6)}`;
