import type { ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InputDefinition } from '@editor/domain';
import { renderField } from '../../test/renderField.tsx';

// Counts renders of each item's frame (by its label) and of each text widget (by its path).
const renders = vi.hoisted(() => new Map<string, number>());
const count = (name: string) => renders.set(name, (renders.get(name) ?? 0) + 1);

vi.mock('../container-items/ItemFrame.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('../container-items/ItemFrame.tsx')>();
  return {
    ...original,
    ItemFrame: (props: ComponentProps<typeof original.ItemFrame>) => {
      count(`frame ${props.label}`);
      return <original.ItemFrame {...props} />;
    },
  };
});

vi.mock('../text/TextWidget.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('../text/TextWidget.tsx')>();
  const { pathKey } = await import('../../editor-state/valuePath.ts');
  return {
    ...original,
    TextWidget: (props: ComponentProps<typeof original.TextWidget>) => {
      // By the index the widget's item has now: its path names the item by its key.
      count(`widget ${pathKey(props.path)}`);
      return <original.TextWidget {...props} />;
    },
  };
});

const storyContent: InputDefinition = {
  name: 'story-content',
  type: 'one-of-container',
  multiple: true,
  constraints: {
    oneOfProperties: [
      { name: 'paragraph', type: 'text', view: { label: 'Paragraph' } },
      { name: 'headline', type: 'text', view: { label: 'Headline' } },
    ],
  },
  view: { label: 'Story' },
};

const ITEMS = 30;
const story = Array.from({ length: ITEMS }, (_, index) => ({ type: index % 10 === 0 ? 'headline' : 'paragraph', value: `Element ${index}` }));

describe('OneOfContainerWidget renders', () => {
  beforeEach(() => renders.clear());

  it(`renders ${ITEMS} elements, and a change inside one re-renders only that element’s widget`, () => {
    const { store } = renderField(storyContent, { 'story-content': story });
    expect(screen.getAllByRole('textbox')).toHaveLength(ITEMS);
    renders.clear();

    act(() => store.getState().setValue(['story-content', 7, 'value'], 'Changed'));

    expect(screen.getAllByRole('textbox')[7]).toHaveValue('Changed');
    expect(Object.fromEntries(renders)).toEqual({ 'widget story-content.7.value': 1 });
  });

  it('removes an element without re-rendering the widgets of the elements after it, and renumbers their labels', () => {
    renderField(storyContent, { 'story-content': story });
    renders.clear();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Paragraph 3' }));

    expect(screen.getAllByRole('textbox')).toHaveLength(ITEMS - 1);
    expect(screen.getAllByRole('textbox')[2]).toHaveValue('Element 3');
    expect([...renders.keys()].filter((name) => name.startsWith('widget'))).toEqual([]);
    expect(screen.getByRole('group', { name: 'Paragraph 3' })).toContainElement(screen.getByDisplayValue('Element 3'));
    // The labels of the edited chunk at once; those of the chunks after it in an idle moment (the next test).
    expect(screen.getByRole('group', { name: 'Paragraph 9' })).toContainElement(screen.getByDisplayValue('Element 9'));
  });

  it('renumbers the labels of later chunks in an idle moment after the edit, not in its frame', async () => {
    const long = Array.from({ length: 45 }, (_, index) => ({ type: 'paragraph', value: `Element ${index}` }));
    renderField(storyContent, { 'story-content': long });
    await waitFor(() => expect(screen.getAllByRole('textbox')).toHaveLength(45));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Paragraph 3' }));

    // The edited chunk at once, the chunk after it still with its old numbers.
    expect(screen.getByRole('group', { name: 'Paragraph 3' })).toContainElement(screen.getByDisplayValue('Element 3'));
    expect(screen.getByRole('group', { name: 'Paragraph 41' })).toContainElement(screen.getByDisplayValue('Element 40'));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Paragraph 40' })).toContainElement(screen.getByDisplayValue('Element 40')));
    expect(screen.getByRole('group', { name: 'Paragraph 44' })).toContainElement(screen.getByDisplayValue('Element 44'));
  });

  it('adds an element above another without re-rendering the widgets of the elements after it', () => {
    renderField(storyContent, { 'story-content': story });
    renders.clear();

    fireEvent.click(screen.getByRole('button', { name: 'Add above Paragraph 2' }));
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Add above Paragraph 2' })).getByRole('button', { name: 'Paragraph' }));

    expect(screen.getAllByRole('textbox')).toHaveLength(ITEMS + 1);
    expect(Object.keys(Object.fromEntries(renders)).filter((name) => name.startsWith('widget'))).toEqual(['widget story-content.1.value']);
    expect(screen.getByRole('group', { name: 'Paragraph 3' })).toContainElement(screen.getByDisplayValue('Element 1'));
  });

  it('writes a change inside an element to where it is after elements before it were removed', () => {
    const { store } = renderField(storyContent, { 'story-content': story });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Paragraph 2' }));
    renders.clear();

    const textbox = screen.getByDisplayValue('Element 5');
    fireEvent.change(textbox, { target: { value: 'Changed' } });
    fireEvent.blur(textbox);

    const items = store.getState().values['story-content'] as { value: string }[];
    expect(items[4]?.value).toBe('Changed');
    expect(items.map((item) => item.value).filter((value) => value === 'Changed')).toHaveLength(1);
  });

  it('re-renders no element when the value of another input changes', () => {
    const { store } = renderField(storyContent, { 'story-content': story });
    renders.clear();
    act(() => store.getState().setValue(['title'], 'New title'));
    expect(renders.size).toBe(0);
  });
});
