import crypto from 'node:crypto';
import { expect } from 'vitest';
import { DELIVERY_KEYS_PATH, deliveryKeyCreatedSchema, type DeliveryKeyCreateBody, type DeliveryKeyCreated } from '@editor/domain';
import { EDITOR, TECH_ADMIN, type TestApp, type TestUser } from '../../../test/harness.ts';
import { hashSecret, newSecret } from './keySecrets.ts';

/** Test factories of the delivery module: keys, and assets made and published through the editor's API. */

export const EMBARGO_MANAGER: TestUser = {
  sub: 'embargo-delivery',
  name: 'Erik Embargo',
  rights: { roles: ['content-editor', 'embargo-date-manager'], spaces: ['rbcom', 'global'], localizations: ['en', 'de'] },
};

export const versionPath = (id: string, locale = 'en') => `/api/v1/assets/${id}/localizations/${locale}`;

/** A story that passes validation, so it can be published; `extra` adds or replaces inputs. */
export function storyContent(title: string, extra: Record<string, unknown> = {}): Record<string, { value: unknown }> {
  const content: Record<string, unknown> = {
    title,
    'story-content': [{ type: 'text', value: `<p>${title}: the story.</p>` }],
    authorship: [{ type: 'author-name', value: 'Jane Doe' }],
    ...extra,
  };
  return Object.fromEntries(Object.entries(content).map(([name, value]) => [name, { value }]));
}

export async function call(t: TestApp, user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
}

/** A delivery key made by a technical admin through the API; its secret and its authorization header. */
export async function buildKey(t: TestApp, body: Partial<DeliveryKeyCreateBody> = {}): Promise<DeliveryKeyCreated & { headers: { authorization: string } }> {
  const response = await call(t, TECH_ADMIN, 'POST', DELIVERY_KEYS_PATH, { name: 'Website', spaces: ['rbcom'], locales: ['en', 'de'], ...body });
  expect(response.statusCode, response.body).toBe(201);
  const key = deliveryKeyCreatedSchema.strict().parse(response.json());
  return { ...key, headers: { authorization: `Bearer ${key.secret}` } };
}

/** A story in a space and locale, saved by an editor (a draft); answers its id. */
export async function buildStory(t: TestApp, input: { title: string; space?: string; locale?: string; extra?: Record<string, unknown>; user?: TestUser }): Promise<string> {
  const url = `/api/v1/assets/-/localizations/${input.locale ?? 'en'}?space=${input.space ?? 'rbcom'}&container.stencil=story`;
  const response = await call(t, input.user ?? EDITOR, 'POST', url, { content: storyContent(input.title, input.extra) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

export async function publish(t: TestApp, id: string, options: { locale?: string; schedule?: { startDate?: string; endDate?: string }; user?: TestUser } = {}): Promise<void> {
  const response = await call(t, options.user ?? EDITOR, 'POST', `${versionPath(id, options.locale)}/publish`, { publishSchedule: options.schedule ?? {} });
  expect(response.statusCode, response.body).toBe(200);
}

export async function depublish(t: TestApp, id: string, locale = 'en'): Promise<void> {
  const response = await call(t, EDITOR, 'POST', `${versionPath(id, locale)}/depublish`);
  expect(response.statusCode, response.body).toBe(200);
}

/** Saves new content into a version as a draft change (a published version stays published with its old content). */
export async function save(t: TestApp, id: string, content: Record<string, { value: unknown }>, locale = 'en'): Promise<void> {
  const response = await call(t, EDITOR, 'PUT', versionPath(id, locale), { content });
  expect(response.statusCode, response.body).toBe(200);
}

/** A published story: built, then published; answers its id. */
export async function buildPublishedStory(t: TestApp, input: Parameters<typeof buildStory>[1]): Promise<string> {
  const id = await buildStory(t, input);
  await publish(t, id, { locale: input.locale ?? 'en', user: input.user });
  return id;
}

/** A GET of the delivery API with the key's header (and any other headers). */
export function deliver(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** A delivery key stored as the keys service stores one (for tests whose setup has no technical admin): its id and secret. */
export async function insertDeliveryKey(db: TestApp['database']['db'], scope: { spaces: string[]; locales: string[] }): Promise<{ id: string; secret: string }> {
  const id = crypto.randomUUID();
  const secret = newSecret(id);
  const at = new Date().toISOString();
  await db
    .insertInto('delivery_key')
    .values({ id, name: 'Test key', secret_hash: hashSecret(secret), spaces: JSON.stringify(scope.spaces), locales: JSON.stringify(scope.locales), requests_per_second: null, created_at: at, created_by: 'Test', updated_at: at, updated_by: 'Test', revoked_at: null, revoked_by: null })
    .execute();
  return { id, secret };
}
