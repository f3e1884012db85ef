import { Avatar, Tooltip } from '@mantine/core';
import { usePresenceOn } from '../../api/live/LiveProvider.tsx';
import { initialsOf, personColor } from '../../ui/personColor.ts';

/** A small avatar per person who has one of the asset's versions open, in their colour (live presence). */
export function EditingAvatars({ assetId }: { assetId: string }) {
  const presence = usePresenceOn(assetId);
  const people = [...new Map(presence.map((entry) => [entry.user.id, entry.user])).values()];
  if (people.length === 0) return null;
  return (
    <Avatar.Group spacing={6}>
      {people.map((person) => (
        <Tooltip key={person.id} label={`${person.name} is editing`} withArrow fz="xs">
          <Avatar size={18} radius="xl" color={personColor(person.id)} variant="filled" aria-label={`${person.name} is editing`}>
            <span style={{ fontSize: 8 }}>{initialsOf(person.name)}</span>
          </Avatar>
        </Tooltip>
      ))}
    </Avatar.Group>
  );
}
