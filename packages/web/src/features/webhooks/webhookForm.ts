import { WEBHOOK_EVENT_TYPES, webhookEndpointCreateSchema, type WebhookEndpoint, type WebhookEndpointCreate, type WebhookEndpointUpdate, type WebhookEventType } from '@editor/domain';

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

const isWebhookField = (value: unknown): value is WebhookField => WEBHOOK_FIELDS.some((field) => field === value);

/** The form's problems by field, checked with the schema the server checks the body with. */
export function webhookFormErrors(values: WebhookFormValues): Partial<Record<WebhookField, string>> {
  const parsed = webhookEndpointCreateSchema.safeParse(webhookCreateBody(values));
  if (parsed.success) return {};
  const errors: Partial<Record<WebhookField, string>> = {};
  for (const issue of parsed.error.issues) {
    const [field] = issue.path;
    if (isWebhookField(field)) errors[field] ??= issue.message;
  }
  return errors;
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
