import { useState } from 'react';
import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '../../../ui/dates/DatePickers.tsx';
import { useMutation } from '@tanstack/react-query';
import type { AssetVersion } from '@editor/domain';
import { useApiClient } from '../../../api/ApiClientProvider.tsx';
import { areEmbargoDatesValid, embargoDatesDiffer, formatEmbargoValue, fromPickerValue, toPickerValue, type EmbargoDates } from './embargoDates.ts';
import { saveErrorText } from './saveErrorText.ts';

const INVALID = 'EMBARGO DATES ARE INVALID';

interface EmbargoInputProps {
  label: string;
  value: string | null;
  onChange: (iso: string | null) => void;
}

/** One embargo date-time, entered and shown in UTC. */
function EmbargoInput({ label, value, onChange }: EmbargoInputProps) {
  return (
    <DateTimePicker
      label={label}
      value={toPickerValue(value)}
      onChange={(picked) => onChange(fromPickerValue(picked))}
      valueFormat={formatEmbargoValue}
      withSeconds
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      placeholder="No date"
      timePickerProps={{ hoursInputLabel: `${label} hours`, minutesInputLabel: `${label} minutes`, secondsInputLabel: `${label} seconds` }}
      submitButtonProps={{ 'aria-label': `Set ${label}` }}
      style={{ flex: 1, minWidth: 220 }}
    />
  );
}

/**
 * Spec 002 §2, §5 Embargo (Advanced): start and end in UTC, saved together by POST on the set-embargo link. Saving
 * needs a change and a start before the end; otherwise 'EMBARGO DATES ARE INVALID' shows.
 */
export function EmbargoEditor({ asset, onSaved }: { asset: AssetVersion; onSaved: () => unknown }) {
  const api = useApiClient();
  const current: EmbargoDates = asset._embedded.about._meta.embargo;
  // null while untouched: the fields follow the asset, also after a save refetched it.
  const [draft, setDraft] = useState<EmbargoDates | null>(null);
  const dates = draft ?? current;

  const save = useMutation({
    mutationFn: (body: EmbargoDates) => api.send({ method: 'POST', path: asset._links['p:setEmbargoDate'].href, body }),
    onSuccess: async () => {
      await onSaved();
      setDraft(null);
    },
  });

  const change = (next: Partial<EmbargoDates>) => {
    save.reset();
    setDraft({ ...dates, ...next });
  };
  const isValid = areEmbargoDatesValid(dates);
  const canSave = isValid && embargoDatesDiffer(dates, current);
  const message = !isValid ? INVALID : save.isError ? saveErrorText(save.error) : undefined;

  return (
    <Fieldset legend="Embargo" variant="unstyled">
      <Stack gap="xs">
        <Group align="flex-start" gap="sm">
          <EmbargoInput label="Embargo start (UTC)" value={dates.startDate} onChange={(startDate) => change({ startDate })} />
          <EmbargoInput label="Embargo end (UTC)" value={dates.endDate} onChange={(endDate) => change({ endDate })} />
        </Group>
        {message && (
          <Text size="sm" c="red" role="alert">
            {message}
          </Text>
        )}
        <Button size="xs" style={{ alignSelf: 'flex-start' }} disabled={!canSave} loading={save.isPending} onClick={() => save.mutate(dates)}>
          Save
        </Button>
      </Stack>
    </Fieldset>
  );
}
