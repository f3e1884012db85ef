import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { BULK_EDIT_TEXTS } from '@editor/domain';
import { assetEditorPath } from '../../router/routes.ts';
import type { BulkEditLocale } from './bulkEditLocales.ts';
import { LocaleName } from './LocaleName.tsx';

/** One heading of the list, in the order shown; the rows of a failure group say why and link to their page. */
export interface LocaleResultGroup<G extends string> {
  key: G;
  title: string;
  isFailure: boolean;
}

export interface LocaleResultRow<G extends string> {
  row: Pick<BulkEditLocale, 'locale' | 'label'>;
  group: G;
  /** Why the locale failed (a failure group's row) and the server's messages. */
  failure?: { text: string; messages: readonly string[] };
}

/**
 * Spec 002 §4 Finish: locales grouped by outcome, a group only when it has members; a failed locale says why, with
 * a link to its page. Shared by bulk edit's Finish step and the editor's ship results.
 */
export function LocaleResultList<G extends string>({ assetId, groups, rows }: { assetId: string; groups: ReadonlyArray<LocaleResultGroup<G>>; rows: ReadonlyArray<LocaleResultRow<G>> }) {
  return (
    <Stack gap="md">
      {groups.map((group) => {
        const members = rows.filter((entry) => entry.group === group.key);
        if (members.length === 0) return null;
        return (
          <Stack key={group.key} gap={6} component="section" aria-label={group.title}>
            <Title order={5} c={group.isFailure ? 'red' : undefined}>
              {group.title}
            </Title>
            {members.map(({ row, failure }) => (
              <Stack key={row.locale} gap={2}>
                <Group gap="xs" wrap="nowrap">
                  <LocaleName row={row} />
                </Group>
                {group.isFailure && failure && (
                  <Stack gap={2} pl="lg">
                    <Text size="sm" c="red">
                      {failure.text}{' '}
                      <Anchor href={assetEditorPath({ id: assetId, locale: row.locale })} target="_blank" rel="noopener noreferrer" size="sm">
                        {BULK_EDIT_TEXTS.viewLocalePage}
                      </Anchor>
                    </Text>
                    {failure.messages.map((message, index) => (
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
