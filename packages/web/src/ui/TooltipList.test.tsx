import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/renderUi.tsx';
import { TooltipList } from './TooltipList.tsx';

describe('TooltipList (spec 001 §9)', () => {
  it('shows 12 names in columns of 5', () => {
    const names = Array.from({ length: 12 }, (_, index) => `space-${index + 1}`);
    renderUi(<TooltipList items={names} />);
    const columns = screen.getAllByRole('list');
    expect(columns.map((column) => within(column).getAllByRole('listitem').length)).toEqual([5, 5, 2]);
    expect(within(columns[2] as HTMLElement).getByText('space-12')).toBeVisible();
  });

  it('shows a few names in one column', () => {
    renderUi(<TooltipList items={['rbcom', 'global']} />);
    expect(screen.getAllByRole('list')).toHaveLength(1);
  });
});
