import { MultiSelect, type MultiSelectProps } from '@mantine/core';

/**
 * The spaces or locales something is limited to, searchable: the installation's, plus those it names that the
 * installation no longer has, so that they show and can be removed.
 */
export function ScopeSelect({ known, value, ...props }: Omit<MultiSelectProps, 'data' | 'value' | 'searchable'> & { known: readonly string[]; value: string[] }) {
  return <MultiSelect {...props} searchable value={value} data={[...new Set([...known, ...value])]} />;
}
