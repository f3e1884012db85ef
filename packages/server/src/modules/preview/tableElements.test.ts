import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TableElement } from './page/TableElement.tsx';
import { tableElementOf, type TablePreviewElement } from './tableElements.ts';

const render = (element: TablePreviewElement | undefined) => (element ? renderToStaticMarkup(TableElement({ element })) : '');

const simple = {
  columns: [{ title: 'Name' }, { title: 'Points' }],
  rows: [{ cells: [{ value: '<p><strong>Ann</strong></p>' }, { value: '12' }] }, { cells: [{ value: '<p>Bob<script>x</script></p>' }] }],
};
const results = {
  title: 'Final',
  columns: [
    { name: 'rank', title: 'Rank' },
    { name: 'person', title: 'Person' },
    { name: 'mainResult', title: 'Result' },
    { name: 'column-1', title: 'Gap', pinned: false, format: 'timestamp' as const },
    { name: 'column-2', title: 'Team', pinned: true, format: 'text' as const },
  ],
  rows: [{ cells: [{ value: '1' }, { value: { id: 'p1', stencil: 'person' } }, { value: 62.3 }, { value: '+0.0' }, { value: 'Red' }] }],
};

describe('tables in the preview (spec 002 §3)', () => {
  it.each([
    ['a simple table without rows', 'table', { columns: [{ title: 'A' }], rows: [] }],
    ['a results table without rows', 'results-table', { title: 'T', columns: [], rows: [] }],
    ['a value of another shape', 'table', 'nope'],
    ['another element', 'quote', simple],
  ])('draws nothing for %s', (_name, choice, value) => {
    expect(tableElementOf(choice, value)).toBeUndefined();
  });

  it('draws a simple table with header cells and sanitised rich-text cells, short rows filled', () => {
    const element = tableElementOf('table', simple);
    expect(element).toEqual({ kind: 'table', columns: ['Name', 'Points'], rows: [['<p><strong>Ann</strong></p>', '12'], ['<p>Bob<script>x</script></p>', '']] });
    const html = render(element);
    expect(html).toContain('<table class="story-table"><thead><tr><th scope="col">Name</th><th scope="col">Points</th></tr></thead>');
    expect(html).toContain('<td><div class="table-cell"><p><strong>Ann</strong></p></div></td>');
    expect(html).not.toContain('<script');
  });

  it('draws a results table with its title as caption, pinned columns after the predefined ones', () => {
    const element = tableElementOf('results-table', results);
    expect(element).toEqual({ kind: 'results-table', title: 'Final', columns: ['Rank', 'Person', 'Result', 'Team', 'Gap'], rows: [['1', 'p1', '62.3', 'Red', '+0.0']] });
    const html = render(element);
    expect(html).toContain('<table class="story-table results-table"><caption>Final</caption><thead><tr><th scope="col">Rank</th>');
    expect(html).toContain('<tbody><tr><td>1</td><td>p1</td><td>62.3</td><td>Red</td><td>+0.0</td></tr></tbody>');
  });
});
