import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { showToast } from '../../ui/toasts.tsx';
import { creditsAppliedText } from './uploadTexts.ts';

/**
 * Spec 001 §2.8: credits typed here go to every image once the user leaves the field (or presses Enter), with a
 * toast saying so; clearing the field removes them from every image.
 */
export function CreditsForAllField({ applied, isDisabled, onApply }: { applied: string; isDisabled: boolean; onApply: (credits: string) => void }) {
  const [value, setValue] = useState(applied);
  const apply = () => {
    const credits = value.trim();
    setValue(credits);
    if (credits === applied) return;
    onApply(credits);
    showToast({ kind: 'success', message: creditsAppliedText(credits) });
  };
  return (
    <TextInput
      label="Credits for all images"
      placeholder="e.g. Jane Doe / Media Pool"
      value={value}
      disabled={isDisabled}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        apply();
      }}
      style={{ flex: 1, minWidth: 220 }}
    />
  );
}
