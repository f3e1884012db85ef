import { useId, useMemo, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { mediaValueSchema, offeredProviders, type MediaValue } from '@editor/domain';
import { FieldFrame } from '../field/FieldFrame.tsx';
import { EmbedForm, type EmbedContext } from './EmbedForm.tsx';
import { EmbedPreview } from './EmbedPreview.tsx';
import type { InputProps } from '../field/widgetProps.ts';

export interface ServiceEmbedInputProps extends InputProps<MediaValue | MediaValue[]> {
  /** The feature flags that are on (spec 002 §6 provider feature flags). */
  features: readonly string[];
  context: EmbedContext;
}

function embedsOf(value: unknown): MediaValue[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.flatMap((item) => {
    const parsed = mediaValueSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * A service embed input (spec 002 §4): empty shows the add form and becomes confirmed after a successful lookup,
 * back to empty through Clear. A multi-value input lists its embeds; Add opens the form, which closes on Remove or
 * after Confirm. Read-only shows the embeds alone.
 */
export function ServiceEmbedInput({ input, value, onChange, onBlur, disabled, errors, features, context }: ServiceEmbedInputProps) {
  const id = useId();
  const [isAdding, setIsAdding] = useState(false);
  const embeds = embedsOf(value);
  const isMultiple = input.multiple === true;
  const providers = useMemo(() => offeredProviders({ providers: input.constraints?.providers ?? [], features, inputName: input.name }), [input, features]);

  const emit = (next: MediaValue[]) => {
    onChange(isMultiple ? (next.length > 0 ? next : undefined) : next[0]);
    onBlur();
  };
  const handleConfirm = (media: MediaValue) => {
    emit(isMultiple ? [...embeds, media] : [media]);
    setIsAdding(false);
  };

  const isFormShown = !disabled && (isMultiple ? isAdding : embeds.length === 0);
  return (
    <FieldFrame input={input} errors={errors} id={id}>
      <div role="group" aria-labelledby={`${id}-label`}>
        {embeds.map((media, index) => (
          <EmbedPreview
            key={`${media.provider}:${media.referenceId}:${index}`}
            media={media}
            actionLabel={isMultiple ? 'Remove' : 'Clear'}
            onAction={disabled ? undefined : () => emit(embeds.filter((_, at) => at !== index))}
          />
        ))}
        {disabled && embeds.length === 0 && (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
        {isFormShown && <EmbedForm providers={providers} context={context} onConfirm={handleConfirm} onRemove={isMultiple ? () => setIsAdding(false) : undefined} />}
        {isMultiple && !disabled && !isAdding && (
          <Button variant="default" size="xs" mt="xs" leftSection={<IconPlus size={14} stroke={1.6} />} onClick={() => setIsAdding(true)}>
            Add
          </Button>
        )}
      </div>
    </FieldFrame>
  );
}
