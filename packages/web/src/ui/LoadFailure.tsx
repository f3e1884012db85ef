import { Alert, Button, Text } from '@mantine/core';
import { describeError } from './describeError.ts';

/** A list that could not be fetched: what it was, the server's message and a retry. */
export function LoadFailure({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" title={`${what} could not be loaded`}>
      <Text size="sm">{describeError(error).message}</Text>
      <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
