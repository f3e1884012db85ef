import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { EMPTY_SETTINGS, userSettingsSchema, type Filters, type Rights, type UserSettings } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import type { Identity } from '../../auth/identity.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import * as repo from './repository.ts';

/** A user as the service hands it out: rights from the provider, settings and filters from our database. */
export interface StoredUser {
  id: string;
  name: string;
  email: string | null;
  shortname: string | null;
  rights: Rights;
  settings: UserSettings;
  filters: Array<{ id: string; filters: Filters }>;
}

const USER_SEARCH_LIMIT = 20;

/** Enough for one user's presets to stay a readable list. */
export const MAX_SAVED_FILTERS = 100;

const now = () => new Date().toISOString();

/** The rights stored in a user's row, refreshed from the identity provider's groups at each sign-in. */
export function storedRights(row: Pick<repo.UserRow, 'roles' | 'spaces' | 'localizations'>): Rights {
  return {
    roles: JSON.parse(row.roles) as string[],
    spaces: JSON.parse(row.spaces) as string[],
    localizations: JSON.parse(row.localizations) as string[],
  };
}

function parseSettings(json: string): UserSettings {
  const parsed = userSettingsSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : EMPTY_SETTINGS;
}

export function createUsersService(db: Kysely<DB>) {
  /** Identities seen since start, by their content, so an unchanged sign-in costs no write. */
  const synced = new Map<string, string>();

  async function syncUser(identity: Identity): Promise<void> {
    const fingerprint = JSON.stringify(identity);
    if (synced.get(identity.id) === fingerprint) return;
    const timestamp = now();
    await repo.upsertUser(db, {
      id: identity.id,
      name: identity.name,
      email: identity.email,
      shortname: identity.shortname,
      roles: JSON.stringify(identity.rights.roles),
      spaces: JSON.stringify(identity.rights.spaces),
      localizations: JSON.stringify(identity.rights.localizations),
      settings: JSON.stringify(EMPTY_SETTINGS),
      created_at: timestamp,
      updated_at: timestamp,
    });
    synced.set(identity.id, fingerprint);
  }

  async function getUser(id: string): Promise<StoredUser> {
    const row = await repo.findUser(db, id);
    if (!row) throw notFound(`No user with id ${id}.`);
    const filters = await repo.listSavedFilters(db, id);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      shortname: row.shortname,
      rights: storedRights(row),
      settings: parseSettings(row.settings),
      filters: filters.map((filter) => ({ id: filter.id, filters: JSON.parse(filter.filters) as Filters })),
    };
  }

  /** Stores the settings after checking each choice against the rights the request acts with. */
  async function updateSettings(input: { userId: string; settings: UserSettings; rights: Rights }): Promise<UserSettings> {
    const { settings, rights } = input;
    const problems: string[] = [];
    if (settings.preferredLocalization !== null && !rights.localizations.includes(settings.preferredLocalization)) {
      problems.push(`preferredLocalization: "${settings.preferredLocalization}" is not one of your localisations.`);
    }
    if (settings.defaultSpace !== null && !rights.spaces.includes(settings.defaultSpace)) {
      problems.push(`defaultSpace: "${settings.defaultSpace}" is not one of your spaces.`);
    }
    if (settings.defaultFilter !== null) {
      const filters = await repo.listSavedFilters(db, input.userId);
      if (!filters.some((filter) => filter.id === settings.defaultFilter)) {
        problems.push(`defaultFilter: "${settings.defaultFilter}" is not one of your saved filters.`);
      }
    }
    if (problems.length > 0) throw badRequest(problems);
    await repo.updateUserSettings(db, { id: input.userId, settings: JSON.stringify(settings), updatedAt: now() });
    return settings;
  }

  async function createFilter(input: { userId: string; filters: Filters }): Promise<{ id: string; filters: Filters }> {
    if (Object.keys(input.filters).length === 0) throw badRequest('filters: a saved filter needs at least one filter value.');
    if ((await repo.countSavedFilters(db, input.userId)) >= MAX_SAVED_FILTERS) {
      throw badRequest(`You can keep at most ${MAX_SAVED_FILTERS} saved filters. Delete one to save another.`);
    }
    const id = crypto.randomUUID();
    await repo.insertSavedFilter(db, { id, user_id: input.userId, filters: JSON.stringify(input.filters), created_at: now() });
    return { id, filters: input.filters };
  }

  /** Deletes a saved filter; when it was the default filter, the default is cleared in the same transaction. */
  async function deleteFilter(input: { userId: string; id: string }): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const deleted = await repo.deleteSavedFilter(trx, input);
      if (!deleted) throw notFound(`No saved filter with id ${input.id}.`);
      const user = await repo.findUser(trx, input.userId);
      if (!user) return;
      const settings = parseSettings(user.settings);
      if (settings.defaultFilter === input.id) {
        await repo.updateUserSettings(trx, { id: input.userId, settings: JSON.stringify({ ...settings, defaultFilter: null }), updatedAt: now() });
      }
    });
  }

  /** Spec 001 §7 users search, for the author filter. */
  async function searchUsers(text: string): Promise<Array<{ id: string; name: string }>> {
    return repo.searchUsers(db, { text: text.trim(), limit: USER_SEARCH_LIMIT });
  }

  return { syncUser, getUser, updateSettings, createFilter, deleteFilter, searchUsers };
}

export type UsersService = ReturnType<typeof createUsersService>;
