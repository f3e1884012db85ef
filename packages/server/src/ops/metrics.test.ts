import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR, freePort, startTestApp, type TestApp } from '../../test/harness.ts';
import { listenForMetrics } from './metrics.ts';

describe.each(DIALECTS)('metrics (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { METRICS_TOKEN: 'scrape-secret' });
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

  it('answers only with the metrics token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong')).statusCode).toBe(401);
    expect((await scrape(`Bearer ${await t.tokenFor(EDITOR)}`)).statusCode).toBe(401);
    const response = await scrape('Bearer scrape-secret');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
  });

  it('counts request durations by route pattern and status, and shows the pool, the scheduler lag and uploads', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: await t.auth(EDITOR) });
    await t.app.inject({ method: 'GET', url: '/api/v1/assets/nope/localizations/en', headers: await t.auth(EDITOR) });
    const text = (await scrape('Bearer scrape-secret')).body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/user",status_code="200"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/assets\/:id\/localizations\/:locale",status_code="(400|404)"\} 1/);
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/^scheduler_lag_seconds 0$/m);
    expect(text).toContain('# TYPE uploads_total counter');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('is not there without a token', async () => {
    const open = await startTestApp(dialect);
    try {
      expect((await open.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    } finally {
      await open.close();
    }
  });

  it('serves them without a token on a port of the loopback interface', async () => {
    const port = await freePort();
    const server = await listenForMetrics(t.app.metrics, port);
    try {
      expect(server.address()).toMatchObject({ address: '127.0.0.1', port });
      const text = await new Promise<string>((resolve, reject) => {
        http.get(`http://127.0.0.1:${port}/metrics`, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve(body));
        }).on('error', reject);
      });
      expect(text).toContain('http_request_duration_seconds');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
