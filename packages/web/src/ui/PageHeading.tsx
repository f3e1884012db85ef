import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of a page in the main view. */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Title order={1} size="h3" mb="md">
      {children}
    </Title>
  );
}
