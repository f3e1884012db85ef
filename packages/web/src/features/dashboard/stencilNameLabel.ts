/** A stencil's name as words ('podcast-episode' → 'Podcast Episode'), where only the name is known. */
export function stencilNameLabel(name: string): string {
  return name
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
