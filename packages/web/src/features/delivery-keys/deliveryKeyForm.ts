import { deliveryKeyCreateBodySchema, type DeliveryKey, type DeliveryKeyCreateBody, type DeliveryKeyUpdateBody } from '@editor/domain';
import { fieldIssuesOf, type FieldErrors } from '../../api/fieldMessages.ts';

export interface DeliveryKeyFormValues {
  name: string;
  spaces: string[];
  locales: string[];
}

export type DeliveryKeyField = keyof DeliveryKeyFormValues;
export const DELIVERY_KEY_FIELDS: readonly DeliveryKeyField[] = ['name', 'spaces', 'locales'];

/** What an empty field is told; other problems keep the schema's own message. */
const WHEN_EMPTY: Record<DeliveryKeyField, string> = {
  name: 'Enter a name.',
  spaces: 'Choose at least one space.',
  locales: 'Choose at least one locale.',
};

export const emptyDeliveryKeyForm = (): DeliveryKeyFormValues => ({ name: '', spaces: [], locales: [] });

export const deliveryKeyFormOf = (key: DeliveryKey): DeliveryKeyFormValues => ({ name: key.name, spaces: [...key.spaces], locales: [...key.locales] });

/** The form's problems by field, checked with the schema the server checks the body with. */
export function deliveryKeyFormErrors(values: DeliveryKeyFormValues): FieldErrors<DeliveryKeyField> {
  const parsed = deliveryKeyCreateBodySchema.safeParse(values);
  if (parsed.success) return {};
  return fieldIssuesOf({
    issues: parsed.error.issues,
    fields: DELIVERY_KEY_FIELDS,
    messageOf: (issue, field) => (issue.code === 'too_small' ? WHEN_EMPTY[field] : issue.message),
  });
}

export const deliveryKeyCreateBody = (values: DeliveryKeyFormValues): DeliveryKeyCreateBody => ({ name: values.name.trim(), spaces: values.spaces, locales: values.locales });

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value) => b.includes(value));

/** Only what changed, so the audit log names it; undefined when nothing did. */
export function deliveryKeyUpdateBody(key: DeliveryKey, values: DeliveryKeyFormValues): DeliveryKeyUpdateBody | undefined {
  const name = values.name.trim();
  const body = {
    ...(name === key.name ? {} : { name }),
    ...(sameSet(values.spaces, key.spaces) ? {} : { spaces: values.spaces }),
    ...(sameSet(values.locales, key.locales) ? {} : { locales: values.locales }),
  };
  return Object.keys(body).length === 0 ? undefined : body;
}
