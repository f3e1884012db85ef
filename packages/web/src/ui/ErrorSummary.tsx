import { Button, Code, Collapse, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { describeError } from './describeError.ts';

/** Code, message and the collapsible details of an error (spec 001 §8). */
export function ErrorSummary({ error }: { error: unknown }) {
  const [isOpen, details] = useDisclosure(false);
  const { status, message, details: json } = describeError(error);
  return (
    <Stack gap="xs">
      <Text size="sm">Code: {status}</Text>
      <Text size="sm">Error: {message}</Text>
      <div>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          px={0}
          aria-expanded={isOpen}
          leftSection={isOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          onClick={details.toggle}
        >
          Error details
        </Button>
        <Collapse expanded={isOpen} transitionDuration={0}>
          <Code block mt="xs" mah={240} style={{ overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {json}
          </Code>
        </Collapse>
      </div>
    </Stack>
  );
}
