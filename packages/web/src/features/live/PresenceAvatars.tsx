import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import type { LivePresence } from '@editor/domain';
import { usePresenceOn } from '../../api/live/LiveProvider.tsx';
import { initialsOf, personColor } from '../../ui/personColor.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';

/** Each other person once (they may have the version open in two tabs), in the order they came. */
export function otherPeople(presence: readonly LivePresence[], ownId: string): Array<LivePresence['user']> {
  const people = new Map<string, LivePresence['user']>();
  for (const entry of presence) if (entry.user.id !== ownId && !people.has(entry.user.id)) people.set(entry.user.id, entry.user);
  return [...people.values()];
}

/** Who else has this version open: an avatar in their colour and their name, in the action bar. */
export function PresenceAvatars({ assetId, locale }: { assetId: string; locale: string }) {
  const presence = usePresenceOn(assetId, locale);
  const { user } = useCurrentUser();
  const people = otherPeople(presence, user.id);
  if (people.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label="Also editing">
      {people.map((person) => (
        <Tooltip key={person.id} label={`${person.name} has this version open`}>
          <Group gap={4} wrap="nowrap">
            <Avatar size="sm" radius="xl" color={personColor(person.id)} variant="filled" alt="">
              {initialsOf(person.name)}
            </Avatar>
            <Text size="xs">{person.name}</Text>
          </Group>
        </Tooltip>
      ))}
    </Group>
  );
}
