import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { clientKeyOf } from '../http/unauthenticatedLimit.ts';

/** How many failures a key may collect before attempts wait, and how the waits grow. */
export interface GuardLimit {
  /** The failure that starts the first wait (counted since the key's last quiet period). */
  threshold: number;
  /** The first wait; each further failure doubles it, up to `maxLockMs`. */
  firstLockMs: number;
  maxLockMs: number;
}

export interface SignInGuardOptions {
  db: Kysely<DB>;
  /** Epoch milliseconds; tests pass their own clock. */
  now?: () => number;
  /** One account's attempts from one address, or from one browser that holds the account's device cookie. */
  account?: GuardLimit;
  /** The addresses strangers (no device cookie of the account) fail one account from: guessing spread over many. */
  accountAddresses?: GuardLimit;
  /** Strangers' attempts from one address across accounts. */
  address?: GuardLimit;
  /** Failures are forgotten once a key has had none for this long. */
  quietMs?: number;
  /** Keys that sign device cookies: the first signs, any of them verifies. A key of this guard's own when not given. */
  deviceKeys?: readonly string[];
  /** Device cookies only over https (`Secure`). */
  isHttps?: boolean;
}

/** An attempt the guard let through (the password may be checked), or refused without looking at the password. */
export type AttemptVerdict = { allowed: true; attempt: Attempt } | { allowed: false; retryAfterSeconds: number };

export interface Attempt {
  /**
   * The password was right: this attempt's charges are taken back and the source's failures forgotten. Answers the
   * `Set-Cookie` value that makes this browser a known device of the account.
   */
  succeeded(): Promise<{ deviceCookie: string }>;
}

const MINUTE = 60_000;
export const ACCOUNT_LIMIT: GuardLimit = { threshold: 5, firstLockMs: 30_000, maxLockMs: 15 * MINUTE };
/** Five addresses failing one account within the quiet period is guessing from many places. */
export const ACCOUNT_ADDRESSES_LIMIT: GuardLimit = { threshold: 5, firstLockMs: 30_000, maxLockMs: 15 * MINUTE };
/** Higher than an account's: colleagues behind one office address mistype too. */
export const ADDRESS_LIMIT: GuardLimit = { threshold: 30, firstLockMs: 30_000, maxLockMs: 15 * MINUTE };
const QUIET_MS = 60 * MINUTE;
const PRUNE_INTERVAL_MS = MINUTE;
const MAX_NAME_LENGTH = 256;

/** The browser's proof of an earlier sign-in: `<device id>.<account, base64url>.<HMAC>`, sent to the login form only. */
export const DEVICE_COOKIE = 'sign_in_device';
const DEVICE_COOKIE_PATH = '/interaction';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

const accountOf = (username: string) => username.trim().toLowerCase().slice(0, MAX_NAME_LENGTH);
const addressOf = (address: string) => clientKeyOf(address).slice(0, 64);
const digest = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

const keyOf = {
  account: (account: string) => `account:${account}`,
  address: (address: string) => `address:${address}`,
  pair: (account: string, address: string) => `pair:${digest(`${address}\n${account}`)}`,
  device: (id: string, account: string) => `device:${id}:${account}`,
};

const mac = (key: Buffer, payload: string) => crypto.createHmac('sha256', key).update(payload).digest();

/** Signs and reads device cookies; a cookie names one device and the account it last signed in to. */
function deviceCookies(options: { keys: readonly string[]; isHttps: boolean }) {
  // A key of its own for this use, so the cookie keys' other uses never sign what this one accepts.
  const macKeys = options.keys.map((key) => crypto.createHmac('sha256', key).update('sign-in device cookie').digest());

  function read(cookieHeader: string | undefined): { id: string; account: string } | undefined {
    for (const pair of cookieHeader?.split(';') ?? []) {
      const [name, value] = pair.trim().split('=', 2);
      if (name !== DEVICE_COOKIE || !value) continue;
      const [id = '', account = '', signature = ''] = value.split('.');
      if (!DEVICE_ID.test(id)) continue;
      const given = Buffer.from(signature, 'base64url');
      const isSigned = macKeys.some((key) => {
        const expected = mac(key, `${id}.${account}`);
        return given.length === expected.length && crypto.timingSafeEqual(given, expected);
      });
      if (isSigned) return { id, account: Buffer.from(account, 'base64url').toString('utf8') };
    }
    return undefined;
  }

  function issue(id: string | undefined, account: string): string {
    const device = id ?? crypto.randomBytes(16).toString('base64url');
    const payload = `${device}.${Buffer.from(account, 'utf8').toString('base64url')}`;
    const value = `${payload}.${mac(macKeys[0] ?? Buffer.alloc(32), payload).toString('base64url')}`;
    return `${DEVICE_COOKIE}=${value}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${options.isHttps ? '; Secure' : ''}`;
  }

  return { read, issue };
}

const refuse = (lockedUntil: number, at: number): AttemptVerdict => ({ allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil - at) / 1000)) });

/** The wait a key's n-th failure starts, as SQL over the new count: none below the threshold, then doubling. */
function lockUntil(failures: ReturnType<typeof sql<number>>, limit: GuardLimit, at: number) {
  const steps: ReturnType<typeof sql>[] = [];
  for (let n = limit.threshold, ms = limit.firstLockMs; ms < limit.maxLockMs; n += 1, ms *= 2) {
    steps.push(sql`when ${sql.lit(n)} then ${sql.lit(at + ms)}`);
  }
  return sql<number | null>`case when ${failures} < ${sql.lit(limit.threshold)} then null else case ${failures} ${sql.join(steps, sql` `)} else ${sql.lit(at + limit.maxLockMs)} end end`;
}

/**
 * Sign-in throttling of the embedded provider. Every attempt is charged before the password is looked at, in one
 * statement per key, so parallel guesses cannot slip past the count; the `threshold`-th failure of a key makes its
 * attempts wait `firstLockMs`, each one after it twice as long as the one before (at most `maxLockMs`), and attempts
 * during a wait are refused without a password check and not counted.
 *
 * A browser holding the account's device cookie (set by an earlier sign-in there) is charged alone, to its device key:
 * nobody else's failures make it wait. Any other attempt is a stranger's, charged to its account and address pair, to
 * the account's count of failing addresses when it is the pair's first failure, and to its address; it waits while
 * any of them does. So a guesser slows down their own pair, one spreading guesses over addresses slows strangers of
 * that account down, and one spraying accounts from an address slows that address's strangers down, while the
 * account's owner keeps signing in from their own browser. Names that belong to no account are counted alike, so a
 * wait says nothing about whether an account exists.
 */
export function createSignInGuard(options: SignInGuardOptions) {
  const { db } = options;
  const now = options.now ?? Date.now;
  const limits = {
    account: options.account ?? ACCOUNT_LIMIT,
    accountAddresses: options.accountAddresses ?? ACCOUNT_ADDRESSES_LIMIT,
    address: options.address ?? ADDRESS_LIMIT,
  };
  const quietMs = options.quietMs ?? QUIET_MS;
  const devices = deviceCookies({ keys: options.deviceKeys?.length ? options.deviceKeys : [crypto.randomBytes(32).toString('hex')], isHttps: options.isHttps ?? false });
  let lastPrune = 0;

  /** Counts an attempt against a key unless it waits; the new count, or the running wait's end. */
  async function charge(input: { key: string; account?: string; address?: string; limit: GuardLimit; at: number }): Promise<{ failures: number } | { lockedUntil: number }> {
    const { key, limit, at } = input;
    const staleBefore = at - quietMs;
    const current = sql<number>`case when sign_in_failure.last_failure_at < ${staleBefore} then 1 else sign_in_failure.failures + 1 end`;
    const charged = await db
      .insertInto('sign_in_failure')
      .values({ key, failures: 1, last_failure_at: at, locked_until: limit.threshold <= 1 ? at + limit.firstLockMs : null, account: input.account ?? null, address: input.address ?? null })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ failures: current, last_failure_at: at, locked_until: lockUntil(current, limit, at) })
          .where((eb) => eb.or([eb('sign_in_failure.locked_until', 'is', null), eb('sign_in_failure.locked_until', '<=', at)])),
      )
      .returning(['failures'])
      .executeTakeFirst();
    if (charged) return { failures: Number(charged.failures) };
    const row = await db.selectFrom('sign_in_failure').select('locked_until').where('key', '=', key).executeTakeFirst();
    return { lockedUntil: row?.locked_until == null ? at : Number(row.locked_until) };
  }

  /** Takes one charge back from a key, and its wait when the count falls below the threshold again. */
  async function refund(key: string, limit: GuardLimit): Promise<void> {
    await db
      .updateTable('sign_in_failure')
      .set((eb) => ({
        failures: eb('failures', '-', 1),
        locked_until: sql<number | null>`case when failures - 1 < ${sql.lit(limit.threshold)} then null else locked_until end`,
      }))
      .where('key', '=', key)
      .execute();
  }

  async function prune(at: number) {
    if (at - lastPrune < PRUNE_INTERVAL_MS) return;
    lastPrune = at;
    await db
      .deleteFrom('sign_in_failure')
      .where('last_failure_at', '<', at - quietMs)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
      .execute();
  }

  async function lockOf(key: string, at: number): Promise<number | null> {
    const row = await db.selectFrom('sign_in_failure').select('locked_until').where('key', '=', key).where('locked_until', '>', at).executeTakeFirst();
    return row?.locked_until == null ? null : Number(row.locked_until);
  }

  const allow = (succeeded: () => Promise<void>, device: { id?: string | undefined; account: string }): AttemptVerdict => ({
    allowed: true,
    attempt: {
      async succeeded() {
        await succeeded();
        return { deviceCookie: devices.issue(device.id, device.account) };
      },
    },
  });

  async function attemptFromDevice(input: { id: string; account: string; at: number }): Promise<AttemptVerdict> {
    const key = keyOf.device(input.id, input.account);
    const charged = await charge({ key, account: input.account, limit: limits.account, at: input.at });
    if ('lockedUntil' in charged) return refuse(charged.lockedUntil, input.at);
    return allow(async () => {
      await db.deleteFrom('sign_in_failure').where('key', '=', key).execute();
    }, input);
  }

  /**
   * A stranger's attempt: refused while the address or the account's strangers wait; charged to the pair, then (its
   * first failure) to the account, then to the address. An attempt refused for one key is not charged to the next.
   */
  async function attemptAsStranger(input: { account: string; address: string; deviceId: string | undefined; at: number }): Promise<AttemptVerdict> {
    const { account, address, at } = input;
    const keys = { pair: keyOf.pair(account, address), account: keyOf.account(account), address: keyOf.address(address) };
    const waiting = (await lockOf(keys.address, at)) ?? (await lockOf(keys.account, at));
    if (waiting !== null) return refuse(waiting, at);
    const pair = await charge({ key: keys.pair, account, address, limit: limits.account, at });
    if ('lockedUntil' in pair) return refuse(pair.lockedUntil, at);
    const isNewAddress = pair.failures === 1;
    if (isNewAddress) {
      const spread = await charge({ key: keys.account, account, limit: limits.accountAddresses, at });
      if ('lockedUntil' in spread) return refuse(spread.lockedUntil, at);
    }
    const wide = await charge({ key: keys.address, address, limit: limits.address, at });
    if ('lockedUntil' in wide) return refuse(wide.lockedUntil, at);
    return allow(
      async () => {
        await db.deleteFrom('sign_in_failure').where('key', '=', keys.pair).execute();
        if (isNewAddress) await refund(keys.account, limits.accountAddresses);
        await refund(keys.address, limits.address);
      },
      { id: input.deviceId, account },
    );
  }

  /** Charges an attempt as its device's when it holds the account's device cookie (`cookies`: the Cookie header), else as a stranger's. */
  async function attempt(input: { username: string; address: string; cookies?: string | undefined }): Promise<AttemptVerdict> {
    const at = now();
    await prune(at);
    const account = accountOf(input.username);
    const device = devices.read(input.cookies);
    if (device?.account === account) return attemptFromDevice({ id: device.id, account, at });
    return attemptAsStranger({ account, address: addressOf(input.address), deviceId: device?.id, at });
  }

  return { attempt };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;

/**
 * A technical admin's unlock: forgets every failure counted for an account (from any address or device), or for an
 * address (across accounts), so its next attempt is checked at once; answers how many counts went.
 */
export async function unlockSignIn(db: Kysely<DB>, input: { username?: string | undefined; address?: string | undefined }): Promise<number> {
  const { username, address } = input;
  if (username === undefined && address === undefined) return 0;
  const result = await db
    .deleteFrom('sign_in_failure')
    .where((eb) =>
      eb.or([...(username !== undefined ? [eb('account', '=', accountOf(username))] : []), ...(address !== undefined ? [eb('address', '=', addressOf(address))] : [])]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
