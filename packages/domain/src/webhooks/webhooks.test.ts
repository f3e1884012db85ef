import { describe, expect, it } from 'vitest';
import { canManageWebhooks } from '../permissions/webhookRights.ts';
import { isWebhookSubscribed, webhookEndpointCreateSchema, webhookPayloadSchema } from './webhooks.ts';

describe('which endpoints get an event', () => {
  const published = { type: 'asset.published', spaces: ['rbcom', 'global'] };
  it.each([
    ['an endpoint of every space subscribed to the type', { events: ['asset.published'], spaces: null }, published, true],
    ['an endpoint not subscribed to the type', { events: ['asset.unpublished'], spaces: null }, published, false],
    ['an endpoint of one of the asset’s spaces', { events: ['asset.published'], spaces: ['global'] }, published, true],
    ['an endpoint of other spaces', { events: ['asset.published'], spaces: ['rbtv'] }, published, false],
    ['an endpoint of the space an asset left', { events: ['asset.spaces-changed'], spaces: ['rbtv'] }, { type: 'asset.spaces-changed', spaces: ['rbcom'], previousSpaces: ['rbtv'] }, true],
  ])('%s: %s', (_name, subscription, event, expected) => {
    expect(isWebhookSubscribed(subscription, event)).toBe(expected);
  });
});

describe('webhook payloads and inputs', () => {
  it('reads an asset event and the test event, and refuses an unknown type', () => {
    const data = { assetId: 'a', locale: 'en', stencil: 'story', spaces: ['rbcom'], url: 'https://editor.example.com/delivery/v1/assets/a/localizations/en' };
    expect(webhookPayloadSchema.safeParse({ type: 'asset.deleted', timestamp: '2026-01-01T00:00:00.000Z', data }).success).toBe(true);
    expect(webhookPayloadSchema.safeParse({ type: 'webhook.test', timestamp: '2026-01-01T00:00:00.000Z', data: { endpointId: 'e' } }).success).toBe(true);
    expect(webhookPayloadSchema.safeParse({ type: 'asset.saved', timestamp: '2026-01-01T00:00:00.000Z', data }).success).toBe(false);
  });

  it('registers an endpoint enabled, for every space, without a description unless told', () => {
    expect(webhookEndpointCreateSchema.parse({ url: ' https://hooks.example.com/in ', events: ['asset.published'] })).toEqual({
      url: 'https://hooks.example.com/in',
      description: '',
      events: ['asset.published'],
      spaces: null,
      enabled: true,
    });
    expect(webhookEndpointCreateSchema.safeParse({ url: 'https://hooks.example.com/in', events: [] }).error?.issues[0]?.message).toBe('Choose at least one event.');
  });

  it.each([
    [['technical-admin-user'], true],
    [['admin', 'content-manager'], false],
  ])('lets roles %j manage webhooks: %s', (roles, expected) => {
    expect(canManageWebhooks({ roles })).toBe(expected);
  });
});
