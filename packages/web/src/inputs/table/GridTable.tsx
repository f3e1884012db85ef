import type { CSSProperties, ReactNode } from 'react';
import { useProgressiveCount } from '../container-items/useProgressiveCount.ts';
import { ActionsMenu, type MenuAction } from './ActionsMenu.tsx';
import classes from './Table.module.css';

interface GridTableProps {
  /** The field's label, naming the grid for assistive technology. */
  label: string;
  /** One header cell per column, in order. */
  columns: readonly { key: string | number; header: ReactNode }[];
  rowCount: number;
  /** What one cell holds. */
  renderCell: (cell: { row: number; column: number }) => ReactNode;
  /** A cell its column's format cannot hold, marked red. */
  isInvalidCell?: (cell: { row: number; column: number }) => boolean;
  /** What a row's '…' menu offers. */
  rowActions: (row: number) => readonly MenuAction[];
  rowStyle?: CSSProperties | undefined;
  disabled: boolean;
}

/**
 * The grid of both table inputs (spec 002 §4): cells as wide as their text, scrolling sideways when the table is
 * wide, rows rendered a batch at a time when the table is long, and each row's '…' menu at its end.
 */
export function GridTable({ label, columns, rowCount, renderCell, isInvalidCell, rowActions, rowStyle, disabled }: GridTableProps) {
  const shownRows = Math.min(useProgressiveCount(rowCount), rowCount);
  return (
    <div className={classes.scroller}>
      <table className={classes.grid} aria-label={label}>
        <thead>
          <tr>
            {columns.map(({ key, header }) => (
              <th key={key} scope="col" className={classes.cell}>
                {header}
              </th>
            ))}
            <td className={classes.actions} />
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: shownRows }, (_, row) => (
            <tr key={row} style={rowStyle}>
              {columns.map(({ key }, column) => (
                <td key={key} className={isInvalidCell?.({ row, column }) ? `${classes.cell} ${classes.invalid}` : classes.cell}>
                  {renderCell({ row, column })}
                </td>
              ))}
              <td className={classes.actions}>
                <ActionsMenu label={`Row ${row + 1} actions`} disabled={disabled} actions={rowActions(row)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A row's menu in both tables (spec 002 §4): move up, move down, what the table adds, then remove. */
export function rowMenuActions(input: { row: number; rowCount: number; onMove: (to: number) => void; onRemove: () => void; more?: readonly MenuAction[] }): MenuAction[] {
  const { row, rowCount, onMove, onRemove, more = [] } = input;
  return [
    { label: 'Move row up', isDisabled: row === 0, onClick: () => onMove(row - 1) },
    { label: 'Move row down', isDisabled: row === rowCount - 1, onClick: () => onMove(row + 1) },
    ...more,
    { label: 'Remove row', isDanger: true, onClick: onRemove },
  ];
}
