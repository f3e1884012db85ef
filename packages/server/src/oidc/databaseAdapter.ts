import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DB } from '../db/schema.ts';

/** Expired rows are removed at most this often per process; reads ignore them in between. */
const PRUNE_INTERVAL_MS = 60_000;

/** A stored row as the provider wants it: undefined once expired, `consumed` in epoch seconds. */
function read(row: { payload: string; expires_at: number | string | null; consumed_at: number | string | null } | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  if (row.expires_at !== null && Number(row.expires_at) < Date.now()) return undefined;
  const payload = JSON.parse(row.payload) as AdapterPayload;
  return row.consumed_at === null ? payload : { ...payload, consumed: Math.floor(Number(row.consumed_at) / 1000) };
}

/**
 * Stores the embedded provider's objects in our database (table oidc_model), so sign-ins survive a restart
 * and several server instances share them. One adapter instance serves one model kind.
 */
export function databaseAdapterFactory(db: Kysely<DB>): (kind: string) => Adapter {
  let lastPrune = 0;
  const prune = async () => {
    const now = Date.now();
    if (now - lastPrune < PRUNE_INTERVAL_MS) return;
    lastPrune = now;
    await db.deleteFrom('oidc_model').where('expires_at', '<', now).execute();
  };

  return (kind: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      const values = {
        kind,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? Date.now() + expiresIn * 1000 : null,
        consumed_at: null,
      };
      await db
        .insertInto('oidc_model')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['kind', 'id']).doUpdateSet({
            payload: values.payload,
            grant_id: values.grant_id,
            user_code: values.user_code,
            uid: values.uid,
            expires_at: values.expires_at,
          }),
        )
        .execute();
      await prune();
    },
    async find(id) {
      return read(await db.selectFrom('oidc_model').select(['payload', 'expires_at', 'consumed_at']).where('kind', '=', kind).where('id', '=', id).executeTakeFirst());
    },
    async findByUserCode(userCode) {
      return read(await db.selectFrom('oidc_model').select(['payload', 'expires_at', 'consumed_at']).where('kind', '=', kind).where('user_code', '=', userCode).executeTakeFirst());
    },
    async findByUid(uid) {
      return read(await db.selectFrom('oidc_model').select(['payload', 'expires_at', 'consumed_at']).where('kind', '=', kind).where('uid', '=', uid).executeTakeFirst());
    },
    async consume(id) {
      await db.updateTable('oidc_model').set({ consumed_at: Date.now() }).where('kind', '=', kind).where('id', '=', id).execute();
    },
    async destroy(id) {
      await db.deleteFrom('oidc_model').where('kind', '=', kind).where('id', '=', id).execute();
    },
    async revokeByGrantId(grantId) {
      await db.deleteFrom('oidc_model').where('grant_id', '=', grantId).execute();
    },
  });
}
