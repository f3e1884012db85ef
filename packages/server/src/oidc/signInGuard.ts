import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** How many failures a key may collect before it is locked, and how its locks grow. */
export interface GuardLimit {
  /** The failure that locks the key (counted since the key's last quiet period). */
  threshold: number;
  /** The first lock; each further failure doubles it, up to `maxLockMs`. */
  firstLockMs: number;
  maxLockMs: number;
}

export interface SignInGuardOptions {
  db: Kysely<DB>;
  /** Epoch milliseconds; tests pass their own clock. */
  now?: () => number;
  account?: GuardLimit;
  address?: GuardLimit;
  /** Failures are forgotten once a key has had none for this long. */
  quietMs?: number;
}

/** An attempt the guard let through (the password may be checked), or refused without looking at the password. */
export type AttemptVerdict = { allowed: true; attempt: Attempt } | { allowed: false; retryAfterSeconds: number };

export interface Attempt {
  /** The password was right: the account's failures are forgotten and the address gets its attempt back. */
  succeeded(): Promise<void>;
}

const MINUTE = 60_000;
export const ACCOUNT_LIMIT: GuardLimit = { threshold: 5, firstLockMs: 30_000, maxLockMs: 15 * MINUTE };
/** Higher than an account's: colleagues behind one office address mistype too. */
export const ADDRESS_LIMIT: GuardLimit = { threshold: 30, firstLockMs: 30_000, maxLockMs: 15 * MINUTE };
const QUIET_MS = 60 * MINUTE;
const PRUNE_INTERVAL_MS = MINUTE;
const MAX_NAME_LENGTH = 256;

const accountKey = (username: string) => `account:${username.trim().toLowerCase().slice(0, MAX_NAME_LENGTH)}`;
const addressKey = (address: string) => `address:${address.slice(0, 64)}`;

/** The lock a key's n-th failure sets, as SQL over the new count: none below the threshold, then doubling. */
function lockUntil(failures: ReturnType<typeof sql<number>>, limit: GuardLimit, at: number) {
  const steps: ReturnType<typeof sql>[] = [];
  for (let n = limit.threshold, ms = limit.firstLockMs; ms < limit.maxLockMs; n += 1, ms *= 2) {
    steps.push(sql`when ${sql.lit(n)} then ${sql.lit(at + ms)}`);
  }
  return sql<number | null>`case when ${failures} < ${sql.lit(limit.threshold)} then null else case ${failures} ${sql.join(steps, sql` `)} else ${sql.lit(at + limit.maxLockMs)} end end`;
}

/**
 * Sign-in throttling of the embedded provider: every attempt is charged to its account name and its client address
 * before the password is looked at, in one statement per key, so parallel guesses cannot slip past the count. The
 * `threshold`-th failure locks the key for `firstLockMs`, each one after it for twice as long as the one before (at
 * most `maxLockMs`); while a key is locked, attempts are refused without a password check and not counted. Names that
 * belong to no account are counted alike, so a lock says nothing about whether an account exists.
 */
export function createSignInGuard(options: SignInGuardOptions) {
  const { db } = options;
  const now = options.now ?? Date.now;
  const account = options.account ?? ACCOUNT_LIMIT;
  const address = options.address ?? ADDRESS_LIMIT;
  const quietMs = options.quietMs ?? QUIET_MS;
  let lastPrune = 0;


  /** Counts an attempt against a key unless it is locked; the new count and lock, or the running lock's end. */
  async function charge(key: string, limit: GuardLimit, at: number): Promise<{ lockedUntil: number | null }> {
    const staleBefore = at - quietMs;
    const current = sql<number>`case when sign_in_failure.last_failure_at < ${staleBefore} then 1 else sign_in_failure.failures + 1 end`;
    const charged = await db
      .insertInto('sign_in_failure')
      .values({ key, failures: 1, last_failure_at: at, locked_until: limit.threshold <= 1 ? at + limit.firstLockMs : null })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ failures: current, last_failure_at: at, locked_until: lockUntil(current, limit, at) })
          .where((eb) => eb.or([eb('sign_in_failure.locked_until', 'is', null), eb('sign_in_failure.locked_until', '<=', at)])),
      )
      .returning(['failures'])
      .executeTakeFirst();
    if (charged) return { lockedUntil: null };
    const row = await db.selectFrom('sign_in_failure').select('locked_until').where('key', '=', key).executeTakeFirst();
    return { lockedUntil: row?.locked_until == null ? at : Number(row.locked_until) };
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

  /**
   * Charges an attempt to its account, then to its address; refused while either is locked. An attempt refused for
   * one key is not charged to the other: hammering a locked account does not lock out its colleagues' address.
   */
  async function attempt(input: { username: string; address: string }): Promise<AttemptVerdict> {
    const at = now();
    await prune(at);
    const keys = { account: accountKey(input.username), address: addressKey(input.address) };
    const lockedUntil = (await lockOf(keys.address, at)) ?? (await charge(keys.account, account, at)).lockedUntil ?? (await charge(keys.address, address, at)).lockedUntil;
    if (lockedUntil !== null) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil - at) / 1000)) };
    return {
      allowed: true,
      attempt: {
        async succeeded() {
          await db.deleteFrom('sign_in_failure').where('key', '=', keys.account).execute();
          await db
            .updateTable('sign_in_failure')
            .set((eb) => ({
              failures: eb('failures', '-', 1),
              locked_until: sql<number | null>`case when failures - 1 < ${sql.lit(address.threshold)} then null else locked_until end`,
            }))
            .where('key', '=', keys.address)
            .execute();
        },
      },
    };
  }

  return { attempt };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
