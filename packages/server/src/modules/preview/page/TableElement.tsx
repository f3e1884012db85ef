import type { TablePreviewElement } from '../tableElements.ts';
import { RichText } from './RichText.tsx';

/** A story's simple or results table as a semantic table: column header cells, then the rows (spec 002 §3). */
export function TableElement({ element }: { element: TablePreviewElement }) {
  const isResults = element.kind === 'results-table';
  return (
    <table className={isResults ? 'story-table results-table' : 'story-table'}>
      {isResults && element.title !== '' && <caption>{element.title}</caption>}
      <thead>
        <tr>
          {element.columns.map((title, index) => (
            <th key={index} scope="col">
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {element.rows.map((cells, rowIndex) => (
          <tr key={rowIndex}>
            {cells.map((cell, index) => (
              <td key={index}>{isResults ? cell : <RichText html={cell} className="table-cell" />}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
