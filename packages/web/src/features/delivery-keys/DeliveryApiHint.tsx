import { Code, Stack, Text } from '@mantine/core';
import { DELIVERY_PREFIX } from '@editor/domain';

/** A slug of the demo content's form (`{space}:{slug region locale}:{uri title}`), to show where one goes. */
const EXAMPLE_SLUG = 'rbcom:en-INT:cliff-diving-recap';

/** The `curl` call that reads a published story by its URI slug with a key. */
function curlExample(secret: string): string {
  return `curl -H "Authorization: Bearer ${secret}" \\\n  "${window.location.origin}${DELIVERY_PREFIX}/slugs/${EXAMPLE_SLUG}"`;
}

/** How a key is used: a story read by its URI slug, with the key given or a placeholder for it. */
export function DeliveryApiHint({ secret }: { secret?: string }) {
  return (
    <Stack gap={6}>
      <Text size="sm">
        Read a published story by its URI slug (<Code>space:region-locale:title</Code>):
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {curlExample(secret ?? '<key>')}
      </Code>
      <Text size="xs" c="dimmed">
        A key reads only published content in its spaces and locales. Lists are under <Code>{DELIVERY_PREFIX}/assets</Code>.
      </Text>
    </Stack>
  );
}
