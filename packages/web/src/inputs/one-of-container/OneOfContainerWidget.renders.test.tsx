import type { ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
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
  return {
    ...original,
    TextWidget: (props: ComponentProps<typeof original.TextWidget>) => {
      count(`widget ${props.path.join('.')}`);
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

  it('re-renders no element when the value of another input changes', () => {
    const { store } = renderField(storyContent, { 'story-content': story });
    renders.clear();
    act(() => store.getState().setValue(['title'], 'New title'));
    expect(renders.size).toBe(0);
  });
});
