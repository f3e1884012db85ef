import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openDatabaseUpTo, startTestApp, type TestApp } from '../../test/harness.ts';
import { readinessOf } from './health.ts';

describe.each(DIALECTS)('health (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers liveness at /api/health and /api/health/live without a token', async () => {
    for (const url of ['/api/health', '/api/health/live']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('is ready when the database answers and its schema is the newest, and tells whether the list index is built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', shutdown: 'running', listIndex: 'built' } });
    // An index still being built leaves the instance ready: lists are read from the database meanwhile.
    expect(await readinessOf(t.database, false, () => false)).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', shutdown: 'running', listIndex: 'building' } });
  });

  it('is not ready while migrations are behind', async () => {
    const behind = await openDatabaseUpTo(dialect, '020_uploads');
    try {
      const readiness = await readinessOf(behind, false);
      expect(readiness.status).toBe('not-ready');
      expect(readiness.checks.migrations).toBe('behind');
      expect(readiness.pendingMigrations).toContain('021_media_archive');
    } finally {
      await behind.cleanup();
    }
  });

  it('is not ready while the database is unreachable, and live all the same', async () => {
    const gone = await startTestApp(dialect);
    await gone.database.destroy();
    const ready = await gone.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not-ready', checks: { database: 'unreachable' } });
    expect((await gone.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    // Closes the app and drops its test database too.
    await gone.close();
  });

  it('is not ready once a shutdown has begun', async () => {
    expect(await readinessOf(t.database, true)).toEqual({ status: 'not-ready', checks: { database: 'ok', migrations: 'ok', shutdown: 'draining' } });
  });
});
