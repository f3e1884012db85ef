import { describe, expect, it } from 'vitest';
import { createAnswerCache, type DeliveryAnswer } from './answerCache.ts';

const answer = (json: string, validUntil?: number): DeliveryAnswer => ({ json, bytes: json.length, etag: `"${json}"`, keys: [], surrogateKey: '', cacheTag: '', validUntil });

describe('the delivery answers an instance keeps', () => {
  it('computes an answer once for requests at once, keeps it from its second request on within the time, then anew', async () => {
    let now = 0;
    let computed = 0;
    const cache = createAnswerCache({ ttlMs: 1000, now: () => now });
    const compute = async () => answer(String((computed += 1)));
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect([a.json, b.json, computed]).toEqual(['1', '1', 1]);
    expect(cache.size()).toBe(0);
    expect((await cache.get('k', compute)).json).toBe('2');
    now = 999;
    expect((await cache.get('k', compute)).json).toBe('2');
    now = 1000;
    expect((await cache.get('k', compute)).json).toBe('3');
    expect((await cache.get('other', compute)).json).toBe('4');
    expect((await cache.get('other', compute)).json).toBe('5');
    expect((await cache.get('other', compute)).json).toBe('5');
  });

  it('forgets a request asked once after one to two times its time', async () => {
    let now = 0;
    let computed = 0;
    const cache = createAnswerCache({ ttlMs: 1000, now: () => now });
    const compute = async () => answer(String((computed += 1)));
    await cache.get('k', compute);
    now = 1500;
    await cache.get('k', compute);
    expect(cache.size()).toBe(1);
    await cache.get('once', compute);
    now = 3600;
    await cache.get('once', compute);
    expect((await cache.get('once', compute)).json).toBe('5');
  });

  it('keeps an answer no longer than its versions stay in their window, and nothing after a write', async () => {
    let now = 0;
    let computed = 0;
    const cache = createAnswerCache({ ttlMs: 10_000, now: () => now });
    const compute = async () => answer(String((computed += 1)), 500);
    await cache.get('k', compute);
    await cache.get('k', compute);
    now = 499;
    expect((await cache.get('k', compute)).json).toBe('2');
    now = 500;
    expect((await cache.get('k', compute)).json).toBe('3');
    cache.forget();
    expect(cache.size()).toBe(0);
    expect((await cache.get('k', compute)).json).toBe('4');
  });

  it('keeps no refusal, and nothing at all with a time of 0', async () => {
    const cache = createAnswerCache({ ttlMs: 1000, now: () => 0 });
    await expect(cache.get('k', async () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect((await cache.get('k', async () => answer('fresh'))).json).toBe('fresh');
    let computed = 0;
    const never = createAnswerCache({ ttlMs: 0 });
    await never.get('k', async () => answer(String((computed += 1))));
    expect((await never.get('k', async () => answer(String((computed += 1))))).json).toBe('2');
    expect(never.size()).toBe(0);
  });
});
