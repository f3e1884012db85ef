import { useEffect, useMemo, useRef, type FocusEvent, type ReactNode } from 'react';
import { Badge, Group } from '@mantine/core';
import type { InputDefinition } from '@editor/domain';
import { useLiveConnection, usePresenceOn } from '../../api/live/LiveProvider.tsx';
import { FieldAdornmentsContext, useFieldAdornments, type FieldAdornment } from '../../inputs/field/FieldAdornments.tsx';
import { FIELD_NAME_ATTRIBUTE } from '../../inputs/field/Field.tsx';
import { personColor } from '../../ui/personColor.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { otherPeople } from './PresenceAvatars.tsx';

/** A field left for another moves the marker once, not twice (blur, then focus). */
const FIELD_SETTLE_MS = 300;

/** The top-level input around a focused element, or null outside the fields. */
const fieldOf = (target: EventTarget | null) => (target instanceof Element ? (target.closest(`[${FIELD_NAME_ATTRIBUTE}]`)?.getAttribute(FIELD_NAME_ATTRIBUTE) ?? null) : null);

function presenceMarkers(assetId: string, locale: string): FieldAdornment {
  return function PresenceMarkers({ input }: { input: InputDefinition }) {
    const presence = usePresenceOn(assetId, locale);
    const { user } = useCurrentUser();
    const people = otherPeople(
      presence.filter((entry) => entry.field === input.name),
      user.id,
    );
    if (people.length === 0) return null;
    return (
      <Group gap={4} wrap="nowrap" aria-label={`In ${input.view.label}`}>
        {people.map((person) => (
          <Badge key={person.id} size="sm" variant="filled" color={personColor(person.id)}>
            {person.name}
          </Badge>
        ))}
      </Group>
    );
  };
}

/**
 * The open version's fields with live presence: this tab says which version and field it is in (the field that has
 * the focus), and each field shows, in their colour, the other people who are in it.
 */
export function LiveFields({ assetId, locale, children }: { assetId: string; locale: string; children: ReactNode }) {
  const connection = useLiveConnection();
  const outer = useFieldAdornments();
  const adornments = useMemo<readonly FieldAdornment[]>(() => [...outer, presenceMarkers(assetId, locale)], [outer, assetId, locale]);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const field = useRef<string | null>(null);

  useEffect(() => {
    if (!connection) return undefined;
    const stopUsing = connection.use();
    field.current = null;
    connection.setPresence({ assetId, locale, field: null });
    return () => {
      clearTimeout(settle.current);
      connection.setPresence(null);
      stopUsing();
    };
  }, [connection, assetId, locale]);

  const moveTo = (next: string | null) => {
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      if (next === field.current) return;
      field.current = next;
      connection?.setPresence({ assetId, locale, field: next });
    }, FIELD_SETTLE_MS);
  };

  return (
    <FieldAdornmentsContext.Provider value={adornments}>
      <div onFocus={(event: FocusEvent) => moveTo(fieldOf(event.target))} onBlur={(event: FocusEvent) => moveTo(fieldOf(event.relatedTarget))}>
        {children}
      </div>
    </FieldAdornmentsContext.Provider>
  );
}
