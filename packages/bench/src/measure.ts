import autocannon from 'autocannon';

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against one URL and returns throughput and latency percentiles in milliseconds. */
export async function measure(input: { url: string; headers: Record<string, string>; seconds: number; connections: number }): Promise<Measurement> {
  // A short warm-up so JIT and caches do not count against the first measured second.
  await autocannon({ url: input.url, headers: input.headers, connections: input.connections, duration: 1 });
  const result = await autocannon({ url: input.url, headers: input.headers, connections: input.connections, duration: input.seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: result.latency.p97_5 === undefined ? result.latency.p99 : percentile95(result.latency),
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** autocannon reports p90 and p97.5; p95 lies between them, interpolated linearly. */
function percentile95(latency: { p90: number; p97_5: number }): number {
  return Math.round((latency.p90 + ((latency.p97_5 - latency.p90) * 5) / 7.5) * 100) / 100;
}
