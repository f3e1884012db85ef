import { describe, expect, it } from 'vitest';
import { readDeliveryConfig } from './deliveryConfig.ts';

describe('the delivery settings', () => {
  it('has defaults: a minute of max-age, five of stale-while-revalidate, no origins, 50 requests a second, answers kept a second', () => {
    expect(readDeliveryConfig({})).toEqual({ maxAgeSeconds: 60, staleWhileRevalidateSeconds: 300, corsOrigins: [], requestsPerSecond: 50, answerCacheMs: 1000 });
  });

  it('reads each variable', () => {
    const config = readDeliveryConfig({
      DELIVERY_MAX_AGE: '0',
      DELIVERY_STALE_WHILE_REVALIDATE: '86400',
      DELIVERY_CORS_ORIGINS: 'https://www.example.com, http://localhost:3000/',
      DELIVERY_RATE_LIMIT: '200',
      DELIVERY_CACHE_MS: '0',
    });
    expect(config).toEqual({ maxAgeSeconds: 0, staleWhileRevalidateSeconds: 86400, corsOrigins: ['https://www.example.com', 'http://localhost:3000'], requestsPerSecond: 200, answerCacheMs: 0 });
    expect(readDeliveryConfig({ DELIVERY_CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
  });

  it.each([
    [{ DELIVERY_MAX_AGE: '-1' }, /DELIVERY_MAX_AGE must be a whole number of seconds/],
    [{ DELIVERY_STALE_WHILE_REVALIDATE: '1.5' }, /DELIVERY_STALE_WHILE_REVALIDATE/],
    [{ DELIVERY_RATE_LIMIT: '0' }, /DELIVERY_RATE_LIMIT must be a whole number of requests per second \(1 to 10000\)/],
    [{ DELIVERY_CORS_ORIGINS: 'https://www.example.com/path' }, /DELIVERY_CORS_ORIGINS entries are origins/],
    [{ DELIVERY_CORS_ORIGINS: 'www.example.com' }, /DELIVERY_CORS_ORIGINS/],
    [{ DELIVERY_CORS_ORIGINS: 'ftp://files.example.com' }, /DELIVERY_CORS_ORIGINS/],
    [{ DELIVERY_CACHE_MS: '60001' }, /DELIVERY_CACHE_MS must be a whole number of milliseconds \(0 to 60000\)/],
  ])('stops the start on %j', (env, message) => {
    expect(() => readDeliveryConfig(env)).toThrow(message);
  });
});
