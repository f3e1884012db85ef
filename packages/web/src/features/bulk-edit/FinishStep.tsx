import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { BULK_EDIT_TEXTS, type BulkPatchLocaleResult } from '@editor/domain';
import { assetEditorPath } from '../../app/routes.ts';
import { failureText, FINISH_GROUPS, finishGroupOf, type BulkEditLocale, type FinishGroup } from './bulkEditLocales.ts';
import { LocaleName } from './LocaleName.tsx';

const GROUP_TITLES: Record<FinishGroup, string> = {
  savingFailed: BULK_EDIT_TEXTS.savingFailed,
  saved: BULK_EDIT_TEXTS.saved,
  savedAndPublished: BULK_EDIT_TEXTS.savedAndPublished,
};

interface FinishStepProps {
  assetId: string;
  locales: readonly BulkEditLocale[];
  results: Readonly<Record<string, BulkPatchLocaleResult>>;
}

/** Spec 002 §4 bulk edit, step Finish: the locales by outcome; a failed one says why and links to its page. */
export function FinishStep({ assetId, locales, results }: FinishStepProps) {
  const rows = locales.flatMap((row) => {
    const result = results[row.locale];
    return result ? [{ row, result, group: finishGroupOf(result) }] : [];
  });
  return (
    <Stack gap="md">
      {FINISH_GROUPS.map((group) => {
        const members = rows.filter((entry) => entry.group === group);
        if (members.length === 0) return null;
        return (
          <Stack key={group} gap={6} component="section" aria-label={GROUP_TITLES[group]}>
            <Title order={5} c={group === 'savingFailed' ? 'red.7' : undefined}>
              {GROUP_TITLES[group]}
            </Title>
            {members.map(({ row, result }) => (
              <Stack key={row.locale} gap={2}>
                <Group gap="xs" wrap="nowrap">
                  <LocaleName row={row} />
                </Group>
                {group === 'savingFailed' && (
                  <Stack gap={2} pl="lg">
                    <Text size="sm" c="red.7">
                      {failureText(result)}{' '}
                      <Anchor href={assetEditorPath({ id: assetId, locale: row.locale })} target="_blank" rel="noopener noreferrer" size="sm">
                        {BULK_EDIT_TEXTS.viewLocalePage}
                      </Anchor>
                    </Text>
                    {result.messages.map((message, index) => (
                      <Text key={index} size="xs" c="dimmed">
                        {message}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Stack>
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
