import { useId } from 'react';
import { Text } from '@mantine/core';

/**
 * The browser's own checkbox in the theme's colour, with a label and a description. For pages loaded on demand:
 * Mantine's Checkbox and Switch share their chunk with the list page's filters, and a page that imports them splits
 * that chunk, which costs All Content's first load requests and bytes (docs/performance.md, "Page loads").
 */
export function PlainCheckbox({ label, description, checked, onChange }: { label: string; description?: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <label htmlFor={id} style={{ display: 'flex', gap: 10, alignItems: 'flex-start', cursor: 'pointer' }}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        // Named by the label alone; the description describes it.
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        style={{ width: 18, height: 18, margin: '1px 0 0', flexShrink: 0, cursor: 'pointer', accentColor: 'var(--mantine-primary-color-filled)' }}
      />
      <span>
        <Text id={`${id}-label`} component="span" size="sm" display="block">
          {label}
        </Text>
        {description && (
          <Text id={`${id}-description`} component="span" size="xs" c="dimmed" display="block">
            {description}
          </Text>
        )}
      </span>
    </label>
  );
}
