/** Mantine colours that read well as a person's marker on a light background. */
const PERSON_COLORS = ['grape', 'violet', 'indigo', 'cyan', 'teal', 'lime', 'orange', 'pink', 'red', 'blue'] as const;

/** A person's colour (presence avatars and field markers): always the same one for the same user id. */
export function personColor(userId: string): (typeof PERSON_COLORS)[number] {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return PERSON_COLORS[hash % PERSON_COLORS.length]!;
}

/** The initials of a name for an avatar: the first letters of its first two words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, 2).map((word) => word[0]!.toUpperCase()).join('') || '?';
}
