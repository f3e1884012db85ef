import { useState } from 'react';
import { Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  EMBED_MESSAGES,
  canConfirmEmbed,
  competitionOfSpace,
  customPartsProblem,
  draftReference,
  initialParts,
  isComposedProvider,
  isProviderFilterable,
  type EmbedParts,
  type EmbedProvider,
  type MediaValue,
} from '@editor/domain';
import { EmbedPartFields } from './EmbedPartFields.tsx';
import { useEmbedLookup, useZoeLocalizations } from './useEmbedLookup.ts';
import { TEXT_INPUT_DEBOUNCE_MS } from '../text/useTypedDraft.ts';

export interface EmbedContext {
  /** The asset's space, which may set the WRC/ERC competition (spec 002 §9). */
  space: string;
  /** The asset's locale, which filters the ZOE localizations (spec 002 §9). */
  locale: string;
}

interface EmbedFormProps {
  providers: readonly EmbedProvider[];
  context: EmbedContext;
  onConfirm: (value: MediaValue) => void;
  /** Closes the form of a multi-value input without adding (spec 002 §4). */
  onRemove?: () => void;
}

const sameParts = (a: EmbedParts, b: EmbedParts) => Object.keys({ ...a, ...b }).every((key) => (a[key] ?? '') === (b[key] ?? ''));

/**
 * The add form of a service embed (spec 002 §4, §5): the provider (preselected when it is the only one, with a filter
 * from 5 providers on), then the id or link, the parts of a composed id, or ZOE's localization; Confirm stays off
 * until the rules of 002 §5 hold, then looks the embed up and hands over the value.
 */
export function EmbedForm({ providers, context, onConfirm, onRemove }: EmbedFormProps) {
  const lookup = useEmbedLookup();
  const [providerId, setProviderId] = useState(providers.length === 1 ? (providers[0]?.id ?? '') : '');
  const [text, setText] = useState('');
  const [subtype, setSubtype] = useState<string | undefined>(undefined);
  const [parts, setParts] = useState<EmbedParts>(() => initialParts(providerId, context));
  const [zoeQuery, setZoeQuery] = useState('');
  const [zoeLocalizationId, setZoeLocalizationId] = useState<string | undefined>(undefined);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const provider = providers.find((candidate) => candidate.id === providerId);
  const isZoe = providerId === 'zoe';
  // A search is text input: asked once typing pauses (spec 002 §9), not on every keystroke.
  const [debouncedZoeQuery] = useDebouncedValue(zoeQuery, TEXT_INPUT_DEBOUNCE_MS);
  const zoe = useZoeLocalizations({ locale: context.locale, query: debouncedZoeQuery.trim(), enabled: isZoe });

  const draft = { provider: providerId, text, subtype, parts, zoeLocalizationId };
  const canConfirm = canConfirmEmbed(draft) && !lookup.isPending;
  const isComposed = isComposedProvider(providerId);
  // A composed id's own message shows once the editor has changed a part (XAlps has none of its own).
  const partsProblem = isComposed && providerId !== 'xalps' && !sameParts(parts, initialParts(providerId, context)) ? customPartsProblem(providerId, parts) : null;

  const handleProvider = (next: string | null) => {
    const id = next ?? '';
    setProviderId(id);
    setText('');
    setSubtype(undefined);
    setParts(initialParts(id, context));
    setZoeLocalizationId(undefined);
    setLookupError(null);
  };

  const handleConfirm = () => {
    if (!provider) return;
    lookup.mutate(
      { provider: provider.id, reference: draftReference(draft), isArchive: provider.kind === 'archive' },
      { onSuccess: onConfirm, onError: () => setLookupError(EMBED_MESSAGES.lookupFailed) },
    );
  };

  return (
    <Card withBorder padding="sm" radius="sm">
      <Stack gap="xs">
        <Select
          label="Provider"
          placeholder="Select a provider"
          data={providers.map((candidate) => ({ value: candidate.id, label: candidate.label }))}
          value={providerId || null}
          onChange={handleProvider}
          searchable={isProviderFilterable(providers.length)}
          allowDeselect={false}
        />
        {provider && provider.subtypes !== undefined && !isComposed && (
          <Select label="Type" data={[...provider.subtypes]} value={subtype ?? provider.subtypes[0] ?? null} onChange={(next) => setSubtype(next ?? undefined)} allowDeselect={false} />
        )}
        {provider && !isComposed && !isZoe && (
          <TextInput
            label="Reference ID"
            description={provider.kind === 'archive' ? undefined : 'The id, or a link to the post'}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setLookupError(null);
            }}
            error={lookupError ?? undefined}
          />
        )}
        {isComposed && (
          <EmbedPartFields
            provider={providerId}
            parts={parts}
            onChange={(next) => {
              setParts(next);
              setLookupError(null);
            }}
            isCompetitionFixed={competitionOfSpace(context.space) !== undefined}
          />
        )}
        {isZoe && (
          <>
            <TextInput
              label="Search ZOE"
              description="A ZOE id, or words of the title, engagement or slug"
              value={zoeQuery}
              onChange={(event) => {
                // A new search lists other localizations: the chosen one is chosen again from them.
                setZoeQuery(event.currentTarget.value);
                setZoeLocalizationId(undefined);
              }}
            />
            <Select
              label="Localization"
              placeholder={zoe.isLoading ? 'Loading…' : zoe.localizations.length === 0 ? 'No localizations found' : 'Select a localization'}
              data={zoe.localizations.map((item) => ({
                value: item.id,
                label: `${item.title} · ${item.engagement} (${item.locale.language}${item.locale.country ? `-${item.locale.country}` : ''})`,
              }))}
              value={zoeLocalizationId ?? null}
              onChange={(next) => {
                setZoeLocalizationId(next ?? undefined);
                setLookupError(null);
              }}
            />
          </>
        )}
        {(isComposed || isZoe) && (partsProblem ?? lookupError) !== null && (
          <Text size="sm" c="red" role="alert">
            {partsProblem ?? lookupError}
          </Text>
        )}
        <Group gap="xs">
          <Button size="xs" onClick={handleConfirm} disabled={!canConfirm} loading={lookup.isPending}>
            Confirm
          </Button>
          {onRemove && (
            <Button size="xs" variant="default" onClick={onRemove}>
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
