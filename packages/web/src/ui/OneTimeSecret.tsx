import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';

const COPIED_MS = 2000;

/**
 * A secret the server shows this once (a delivery key, a webhook's signing secret): read-only, selected on focus,
 * with a copy button and the warning that it will not be shown again.
 */
export function OneTimeSecret({ label, secret, children }: { label: string; secret: string; children: ReactNode }) {
  const input = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(secret);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), COPIED_MS);
    } catch (error) {
      // The browser refused (no permission, not a secure page): the secret is selected, for Ctrl+C.
      console.error('Copying the secret to the clipboard failed.', error);
      input.current?.select();
    }
  }

  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Copy it now: it will not be shown again">
        {children}
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={input}
          label={label}
          value={secret}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          styles={{ root: { flex: 1 }, input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Button variant={isCopied ? 'light' : 'filled'} color={isCopied ? 'teal' : undefined} leftSection={isCopied ? <IconCheck size={16} /> : undefined} onClick={() => void handleCopy()}>
          {isCopied ? 'Copied' : `Copy ${label.toLowerCase()}`}
        </Button>
      </Group>
    </Stack>
  );
}
