import { Text } from '@mantine/core';
import { localeFlag } from '../../ui/localeDisplay.ts';
import type { BulkEditLocale } from './bulkEditLocales.ts';

/** A locale as every step of the wizard names it: flag, label and code. */
export function LocaleName({ row }: { row: Pick<BulkEditLocale, 'locale' | 'label'> }) {
  return (
    <>
      <span aria-hidden>{localeFlag(row.locale)}</span>
      <Text size="sm">{row.label}</Text>
      <Text size="sm" c="dimmed">
        {row.locale}
      </Text>
    </>
  );
}
