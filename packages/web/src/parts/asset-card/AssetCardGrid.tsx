import type { ReactNode } from 'react';

/** A responsive grid of cards: as many columns of at least 220 px as fit. */
export function AssetCardGrid({ children }: { children: ReactNode }) {
  return (
    <div role="list" aria-label="Assets" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 12 }}>
      {children}
    </div>
  );
}

/** One cell of the grid. */
export function AssetCardGridItem({ children }: { children: ReactNode }) {
  return (
    <div role="listitem" style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      {children}
    </div>
  );
}
