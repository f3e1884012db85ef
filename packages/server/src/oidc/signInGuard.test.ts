import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT, DEVICE_COOKIE, createSignInGuard, unlockSignIn, type AttemptVerdict } from './signInGuard.ts';

/** Tries a password the guard let through: `right` tells whether it matched. */
async function tryPassword(verdict: AttemptVerdict, right: boolean): Promise<'checked' | 'refused'> {
  if (!verdict.allowed) return 'refused';
  if (right) await verdict.attempt.succeeded();
  return 'checked';
}

/** Signs in with the right password and answers the Cookie header the browser sends from then on. */
async function signInOnce(verdict: AttemptVerdict): Promise<string> {
  if (!verdict.allowed) throw new Error('the sign-in was refused');
  const { deviceCookie } = await verdict.attempt.succeeded();
  return deviceCookie.split(';')[0] ?? '';
}

describe.each(DIALECTS)('sign-in guard (%s)', (dialect) => {
  let database: TestDatabase;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sign-in-guard-'));
  let clock = Date.UTC(2026, 10, 26, 9);
  const guard = () => createSignInGuard({ db: database.db, now: () => clock, deviceKeys: ['key-of-the-test'] });

  beforeAll(async () => {
    database = await openTestDatabase(dialect, dir);
  });
  afterAll(async () => {
    await database.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('locks an account after five failures, for 30 s, then twice as long after each further failure', async () => {
    const g = guard();
    const attempt = () => g.attempt({ username: 'editor', address: '192.0.2.1' });
    const answers = [];
    for (let i = 0; i < 200; i += 1) answers.push(await attempt());
    expect(answers.slice(0, ACCOUNT_LIMIT.threshold).every((answer) => answer.allowed)).toBe(true);
    expect(answers.slice(ACCOUNT_LIMIT.threshold)).toEqual(Array.from({ length: 200 - ACCOUNT_LIMIT.threshold }, () => ({ allowed: false, retryAfterSeconds: 30 })));

    clock += 10_000;
    expect(await attempt()).toEqual({ allowed: false, retryAfterSeconds: 20 });
    clock += 20_000;
    // One more guess after the lock; failing it locks for a minute.
    expect((await attempt()).allowed).toBe(true);
    expect(await attempt()).toEqual({ allowed: false, retryAfterSeconds: 60 });
    clock += 60_000;
    expect((await attempt()).allowed).toBe(true);
    expect(await attempt()).toEqual({ allowed: false, retryAfterSeconds: 120 });
  });

  it('lets the right password in once the lock is over, and forgets the failures then', async () => {
    const g = guard();
    const attempt = () => g.attempt({ username: 'Translator ', address: '192.0.2.2' });
    for (let i = 0; i < ACCOUNT_LIMIT.threshold; i += 1) expect(await tryPassword(await attempt(), false)).toBe('checked');
    // The right password during the lock is not even looked at.
    expect(await tryPassword(await attempt(), true)).toBe('refused');
    clock += 30_000;
    expect(await tryPassword(await attempt(), true)).toBe('checked');
    for (let i = 0; i < ACCOUNT_LIMIT.threshold - 1; i += 1) expect(await tryPassword(await attempt(), false)).toBe('checked');
  });

  it('counts a name with no account like any other, ignoring case and surrounding spaces', async () => {
    const g = guard();
    for (let i = 0; i < ACCOUNT_LIMIT.threshold; i += 1) await g.attempt({ username: 'nobody', address: `198.51.100.${i}` });
    expect(await g.attempt({ username: ' NoBody', address: '198.51.100.99' })).toEqual({ allowed: false, retryAfterSeconds: 30 });
  });

  it('lets at most the threshold of parallel guesses reach the password check', async () => {
    const g = guard();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => g.attempt({ username: 'curator', address: `203.0.113.${i}` })));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(ACCOUNT_LIMIT.threshold);
  });

  it('locks an address that guesses across many accounts, and returns a successful attempt to it', async () => {
    const g = guard();
    const address = '192.0.2.77';
    for (let i = 0; i < 40; i += 1) expect(await tryPassword(await g.attempt({ username: `user-${i}`, address }), true)).toBe('checked');
    for (let i = 0; i < 30; i += 1) expect(await tryPassword(await g.attempt({ username: `guess-${i}`, address }), false)).toBe('checked');
    expect(await g.attempt({ username: 'admin', address })).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect((await g.attempt({ username: 'admin', address: '192.0.2.78' })).allowed).toBe(true);
  });

  it('forgets failures after an hour without one', async () => {
    const g = guard();
    const attempt = () => g.attempt({ username: 'tv', address: '192.0.2.3' });
    for (let i = 0; i < ACCOUNT_LIMIT.threshold - 1; i += 1) await attempt();
    clock += 61 * 60_000;
    for (let i = 0; i < ACCOUNT_LIMIT.threshold - 1; i += 1) expect((await attempt()).allowed).toBe(true);
    expect((await attempt()).allowed).toBe(true);
    expect((await attempt()).allowed).toBe(false);
  });
  it('keeps letting the owner in while one address guesses at the account once every 15 minutes', async () => {
    const g = guard();
    const results = { owner: 0, guesser: 0 };
    for (let round = 0; round < 108; round += 1) {
      clock += 15 * 60_000;
      if ((await tryPassword(await g.attempt({ username: 'owner-a', address: '192.0.2.50' }), false)) === 'checked') results.guesser += 1;
      if ((await tryPassword(await g.attempt({ username: 'owner-a', address: '192.0.2.51' }), true)) === 'checked') results.owner += 1;
    }
    expect(results.owner).toBe(108);
    // The guesser's own waits reached 15 minutes: at most one guess each time, as often as they came.
    expect(results.guesser).toBe(108);
    expect(await g.attempt({ username: 'owner-a', address: '192.0.2.50' })).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
  });

  it('lets a browser holding the account’s device cookie in while strangers from many addresses wait', async () => {
    const g = guard();
    const cookies = await signInOnce(await g.attempt({ username: 'owner-b', address: '192.0.2.60' }));
    expect(cookies).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    for (let i = 0; i < 20; i += 1) await g.attempt({ username: 'owner-b', address: `198.51.100.${i % 5}` });
    expect(await g.attempt({ username: 'owner-b', address: '198.51.100.200' })).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // Even from a guesser's address, and with a new device cookie each time it signs in.
    let held = cookies;
    for (const address of ['198.51.100.1', '192.0.2.60']) held = await signInOnce(await g.attempt({ username: 'Owner-B ', address, cookies: held }));
    // Its own failures are counted apart: five, then it waits like anyone.
    for (let i = 0; i < ACCOUNT_LIMIT.threshold; i += 1) expect(await tryPassword(await g.attempt({ username: 'owner-b', address: '192.0.2.60', cookies: held }), false)).toBe('checked');
    expect(await g.attempt({ username: 'owner-b', address: '192.0.2.60', cookies: held })).toEqual({ allowed: false, retryAfterSeconds: 30 });
  });

  it('does not make a device holder wait for the strangers guessing from its address', async () => {
    const g = guard();
    const address = '192.0.2.70';
    const cookies = await signInOnce(await g.attempt({ username: 'colleague', address }));
    for (let i = 0; i < ADDRESS_LIMIT.threshold; i += 1) await g.attempt({ username: `sprayed-${i}`, address });
    expect(await g.attempt({ username: 'new-colleague', address })).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(await tryPassword(await g.attempt({ username: 'colleague', address, cookies }), true)).toBe('checked');
  });

  it('counts a device cookie of another account, a tampered one or one of another key as a stranger’s', async () => {
    const g = guard();
    const cookies = await signInOnce(await g.attempt({ username: 'owner-c', address: '192.0.2.80' }));
    for (let i = 0; i < 5; i += 1) await g.attempt({ username: 'owner-c', address: `203.0.113.${100 + i}` });
    expect((await g.attempt({ username: 'owner-c', address: '192.0.2.81', cookies })).allowed).toBe(true);
    const [id, , signature] = cookies.slice(DEVICE_COOKIE.length + 1).split('.');
    const renamed = `${DEVICE_COOKIE}=${id}.${Buffer.from('owner-d').toString('base64url')}.${signature}`;
    for (let i = 0; i < 5; i += 1) await g.attempt({ username: 'owner-d', address: `203.0.113.${110 + i}` });
    expect((await g.attempt({ username: 'owner-d', address: '192.0.2.81', cookies: renamed })).allowed).toBe(false);
    expect((await g.attempt({ username: 'owner-d', address: '192.0.2.81', cookies })).allowed).toBe(false);
    const otherKey = createSignInGuard({ db: database.db, now: () => clock, deviceKeys: ['another-key'] });
    expect((await otherKey.attempt({ username: 'owner-c', address: '192.0.2.81', cookies })).allowed).toBe(false);
    // A key taken out of signing still verifies the cookies it signed.
    const rotated = createSignInGuard({ db: database.db, now: () => clock, deviceKeys: ['another-key', 'key-of-the-test'] });
    expect((await rotated.attempt({ username: 'owner-c', address: '192.0.2.81', cookies })).allowed).toBe(true);
  });

  it('sets the device cookie for the login form only, out of scripts’ reach, for half a year, and Secure over https', async () => {
    const verdict = await createSignInGuard({ db: database.db, now: () => clock, deviceKeys: ['k'], isHttps: true }).attempt({ username: 'cookie', address: '192.0.2.90' });
    if (!verdict.allowed) throw new Error('refused');
    const { deviceCookie } = await verdict.attempt.succeeded();
    expect(deviceCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}; Path=/interaction; Max-Age=15552000; HttpOnly; SameSite=Strict; Secure$`));
  });

  it('forgets, at an unlock, an account’s counts from every address and device, or an address’s across accounts', async () => {
    const g = guard();
    const cookies = await signInOnce(await g.attempt({ username: 'locked-out', address: '192.0.2.100' }));
    for (let i = 0; i < 10; i += 1) await g.attempt({ username: 'locked-out', address: `198.51.100.${50 + (i % 5)}` });
    for (let i = 0; i < 6; i += 1) await g.attempt({ username: 'locked-out', address: '192.0.2.100', cookies });
    expect((await g.attempt({ username: 'locked-out', address: '198.51.100.50' })).allowed).toBe(false);
    expect((await g.attempt({ username: 'locked-out', address: '192.0.2.100', cookies })).allowed).toBe(false);
    expect(await unlockSignIn(database.db, { username: ' Locked-Out' })).toBeGreaterThanOrEqual(7);
    expect((await g.attempt({ username: 'locked-out', address: '198.51.100.50' })).allowed).toBe(true);
    expect((await g.attempt({ username: 'locked-out', address: '192.0.2.100', cookies })).allowed).toBe(true);

    for (let i = 0; i < ADDRESS_LIMIT.threshold; i += 1) await g.attempt({ username: `office-${i}`, address: '192.0.2.110' });
    expect((await g.attempt({ username: 'office-new', address: '192.0.2.110' })).allowed).toBe(false);
    expect(await unlockSignIn(database.db, { address: '192.0.2.110' })).toBe(ADDRESS_LIMIT.threshold + 1);
    expect((await g.attempt({ username: 'office-new', address: '192.0.2.110' })).allowed).toBe(true);
  });

  it('counts an IPv6 address by its /64 network, where one client may take any address', async () => {
    const g = guard();
    for (let i = 0; i < ACCOUNT_LIMIT.threshold; i += 1) await g.attempt({ username: 'v6', address: `2001:db8:1:2::${i + 1}` });
    expect(await g.attempt({ username: 'v6', address: '2001:db8:1:2:ffff::9' })).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect((await g.attempt({ username: 'v6', address: '2001:db8:1:3::1' })).allowed).toBe(true);
  });
});
