import { WEBHOOK_EVENT_TYPES, webhookEndpointCreateSchema, type WebhookEndpoint, type WebhookEndpointCreate, type WebhookEndpointUpdate, type WebhookEventType } from '@editor/domain';
import { fieldIssuesOf, type FieldErrors } from '../../api/fieldMessages.ts';

export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  /** None chosen: every space. */
  spaces: string[];
  enabled: boolean;
}

export type WebhookField = Exclude<keyof WebhookFormValues, 'enabled'>;
export const WEBHOOK_FIELDS: readonly WebhookField[] = ['url', 'description', 'events', 'spaces'];

export const emptyWebhookForm = (): WebhookFormValues => ({ url: '', description: '', events: [...WEBHOOK_EVENT_TYPES], spaces: [], enabled: true });

export const webhookFormOf = (endpoint: WebhookEndpoint): WebhookFormValues => ({
  url: endpoint.url,
  description: endpoint.description,
  events: [...endpoint.events],
  spaces: endpoint.spaces ? [...endpoint.spaces] : [],
  enabled: endpoint.enabled,
});

export function webhookCreateBody(values: WebhookFormValues): WebhookEndpointCreate {
  return { url: values.url.trim(), description: values.description.trim(), events: values.events, spaces: values.spaces.length > 0 ? values.spaces : null, enabled: values.enabled };
}

/** The form's problems by field, checked with the schema the server checks the body with. */
export function webhookFormErrors(values: WebhookFormValues): FieldErrors<WebhookField> {
  const parsed = webhookEndpointCreateSchema.safeParse(webhookCreateBody(values));
  return parsed.success ? {} : fieldIssuesOf({ issues: parsed.error.issues, fields: WEBHOOK_FIELDS });
}

const sameSet = (a: readonly string[] | null, b: readonly string[] | null) => (a === null || b === null ? a === b : a.length === b.length && a.every((value) => b.includes(value)));

/** Only what changed, so the audit log names it; undefined when nothing did. */
export function webhookUpdateBody(endpoint: WebhookEndpoint, values: WebhookFormValues): WebhookEndpointUpdate | undefined {
  const next = webhookCreateBody(values);
  const body: WebhookEndpointUpdate = {
    ...(next.url === endpoint.url ? {} : { url: next.url }),
    ...(next.description === endpoint.description ? {} : { description: next.description }),
    ...(sameSet(next.events, endpoint.events) ? {} : { events: next.events }),
    ...(sameSet(next.spaces, endpoint.spaces) ? {} : { spaces: next.spaces }),
    ...(next.enabled === endpoint.enabled ? {} : { enabled: next.enabled }),
  };
  return Object.keys(body).length === 0 ? undefined : body;
}
