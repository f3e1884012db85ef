import { Alert, Button, Group, Text } from '@mantine/core';

/** The foot of a form in a modal: what the server refused as a whole, under the failure's title; then Cancel and submit. */
export function FormActions(props: { general: readonly string[]; failedTitle: string; submitLabel: string; isSaving: boolean; onCancel: () => void }) {
  return (
    <>
      {props.general.length > 0 && (
        <Alert color="red" variant="light" title={props.failedTitle}>
          {props.general.map((message) => (
            <Text key={message} size="sm">
              {message}
            </Text>
          ))}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={props.isSaving}>
          {props.submitLabel}
        </Button>
      </Group>
    </>
  );
}
