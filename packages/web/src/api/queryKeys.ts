/** Every TanStack Query key of the app, so that invalidation finds what it means. */
export const queryKeys = {
  currentUser: () => ['currentUser'] as const,
};
