import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { ACCOUNT_LIMIT, createSignInGuard, type AttemptVerdict } from './signInGuard.ts';

/** Tries a password the guard let through: `right` tells whether it matched. */
async function tryPassword(verdict: AttemptVerdict, right: boolean): Promise<'checked' | 'refused'> {
  if (!verdict.allowed) return 'refused';
  if (right) await verdict.attempt.succeeded();
  return 'checked';
}

describe.each(DIALECTS)('sign-in guard (%s)', (dialect) => {
  let database: TestDatabase;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sign-in-guard-'));
  let clock = Date.UTC(2026, 10, 26, 9);
  const guard = () => createSignInGuard({ db: database.db, now: () => clock });

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
});
