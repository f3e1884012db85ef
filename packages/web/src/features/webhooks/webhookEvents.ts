import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@editor/domain';

/** What each event is called on the page; its type (`asset.published`) is shown beside it where it is chosen. */
const EVENT_LABELS: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, string> = {
  'asset.published': 'Published',
  'asset.unpublished': 'Unpublished',
  'asset.scheduled-publish.executed': 'Published by schedule',
  'asset.scheduled-unpublish.executed': 'Unpublished by schedule',
  'asset.deleted': 'Deleted',
  'asset.shipped': 'Shipped into',
  'asset.spaces-changed': 'Spaces changed',
  [WEBHOOK_TEST_EVENT]: 'Test event',
};

export function webhookEventLabel(type: string): string {
  return Object.hasOwn(EVENT_LABELS, type) ? EVENT_LABELS[type as keyof typeof EVENT_LABELS] : type;
}
