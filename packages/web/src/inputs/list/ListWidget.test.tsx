import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { InputDefinition } from '@editor/domain';
import { renderField } from '../../test/renderField.tsx';
import { dragWithKeyboard } from '../container-items/keyboardDrag.ts';
import { isEmptyRow, isRowList, maxRowsOf } from './ListWidget.tsx';

const keywords: InputDefinition = {
  name: 'keywords',
  type: 'text',
  multiple: true,
  constraints: { required: true, maxLength: 3 },
  view: { label: 'Keyword', hint: 'One word per row.' },
};

const of = (type: InputDefinition['type'], multiple = true): InputDefinition => ({ name: 'x', type, multiple, view: { label: 'X' } });
const rows = () => screen.getAllByRole('textbox').map((field) => (field as HTMLInputElement).value);

describe('ListWidget (spec 002 §5 Lists)', () => {
  it('always shows a first row, without writing it to the asset', () => {
    const { store, valueOf } = renderField(keywords);
    expect(screen.getByRole('textbox', { name: 'Keyword 1' })).toHaveValue('');
    expect(valueOf()).toBeUndefined();
    expect(store.getState().changes).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Remove Keyword 1' })).not.toBeInTheDocument();
  });

  it('writes the first row on the first change, keeping the row mounted', async () => {
    const { user, valueOf } = renderField(keywords);
    const first = screen.getByRole('textbox', { name: 'Keyword 1' });
    await user.type(first, 'speed');
    await user.tab();
    expect(valueOf()).toEqual(['speed']);
    expect(screen.getByRole('textbox', { name: 'Keyword 1' })).toBe(first);
  });

  it('keeps a new empty row while it is being typed in, and drops empty later rows when focus leaves the list', async () => {
    const { user, valueOf } = renderField(keywords, { keywords: ['speed'] });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(rows()).toEqual(['speed', '', '']);

    await user.type(screen.getByRole('textbox', { name: 'Keyword 3' }), 'air');
    expect(rows()).toEqual(['speed', '', 'air']);
    await user.click(document.body);
    expect(valueOf()).toEqual(['speed', 'air']);
    expect(rows()).toEqual(['speed', 'air']);
  });

  it('keeps the first row even when it is empty', async () => {
    const { user, valueOf } = renderField(keywords, { keywords: [undefined, 'air', undefined] });
    await user.click(screen.getByRole('textbox', { name: 'Keyword 2' }));
    await user.click(document.body);
    expect(valueOf()).toEqual([undefined, 'air']);
    expect(rows()).toEqual(['', 'air']);
  });

  it('stops adding rows at maxLength', async () => {
    const { user } = renderField(keywords, { keywords: ['a', 'b'] });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(rows()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it('removes a row; the last row is kept', async () => {
    const { user, valueOf } = renderField(keywords, { keywords: ['a', 'b'] });
    await user.click(screen.getByRole('button', { name: 'Remove Keyword 1' }));
    expect(valueOf()).toEqual(['b']);
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('reorders rows by dragging with the keyboard', async () => {
    const { user, valueOf } = renderField(keywords, { keywords: ['a', 'b', 'c'] });
    await dragWithKeyboard(user, screen.getByRole('button', { name: 'Reorder Keyword 1' }), 1);
    expect(valueOf()).toEqual(['b', 'a', 'c']);
    expect(rows()).toEqual(['b', 'a', 'c']);
  });

  it('shows the list’s own messages once, and gives rows neither the required mark nor the item count', () => {
    renderField(keywords, { keywords: [] }, { showAllErrors: true });
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Keyword 1' })).not.toBeRequired();
    expect(screen.queryByText(/left$/)).not.toBeInTheDocument();
  });
});

describe('list rules', () => {
  it('lists rows of multiple inputs whose widget has no list of its own', () => {
    expect([of('text'), of('rich-text'), of('number'), of('date-time')].every(isRowList)).toBe(true);
    expect([of('asset'), of('child-ref'), of('select'), of('service'), of('container'), of('ordered-container'), of('one-of-container'), of('text', false)].some(isRowList)).toBe(false);
  });

  it('counts rich text without text as empty', () => {
    const list: InputDefinition = { name: 'list', type: 'rich-text', multiple: true, view: { label: 'List' } };
    expect(isEmptyRow(list, '<p> </p>')).toBe(true);
    expect(isEmptyRow(list, '<p>x</p>')).toBe(false);
    expect(isEmptyRow(keywords, '')).toBe(true);
  });

  it('takes maxLength from the stencil, or the text-block limit (spec 000 §9)', () => {
    expect(maxRowsOf(keywords)).toBe(3);
    expect(maxRowsOf({ name: 'tip-content-text', type: 'rich-text', multiple: true, view: { label: 'Text' } })).toBe(2);
  });
});
