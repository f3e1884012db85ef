import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { InputDefinition } from '@editor/domain';
import { createEditorStore, type EditorState } from './editorStore.ts';
import { EditorStoreProvider, useScopedEditor } from './EditorStoreContext.tsx';
import { useFieldValue } from './fieldHooks.ts';
import { itemStep, placeItems } from './itemSteps.ts';
import { scopeOfPath } from './scopedSubscriptions.ts';
import { getIn } from './valuePath.ts';

const inputs: InputDefinition[] = [
  {
    name: 'story-content',
    type: 'one-of-container',
    multiple: true,
    constraints: { oneOfProperties: [{ name: 'text', type: 'text', view: { label: 'Text' } }] },
    view: { label: 'Story' },
  },
];

const KEYS = ['context-a', 'context-b'];
const [A, B] = KEYS.map(itemStep) as [string, string];

function ItemText({ step, select }: { step: string; select: (state: EditorState) => unknown }) {
  const text = useScopedEditor(scopeOfPath(['story-content', step]), select);
  return <p>{String(text)}</p>;
}

function WholeList() {
  const list = useFieldValue(['story-content']);
  const texts = Array.isArray(list) ? list.map((item) => String(getIn(item, ['value']))) : [];
  return <p>List: {texts.join(', ')}</p>;
}

describe('useScopedEditor', () => {
  it('runs an item’s selector only after a change of that item, while a whole-list reader follows every item', () => {
    placeItems(KEYS);
    const store = createEditorStore({
      inputs,
      original: { values: { 'story-content': [{ type: 'text', value: 'one' }, { type: 'text', value: 'two' }] }, metas: {} },
      showAllErrors: false,
      isReadonly: false,
    });
    const selectA = vi.fn<(state: EditorState) => unknown>((state) => getIn(state.values, ['story-content', A, 'value']));
    const selectB = vi.fn<(state: EditorState) => unknown>((state) => getIn(state.values, ['story-content', B, 'value']));
    render(
      <EditorStoreProvider store={store}>
        <ItemText step={A} select={selectA} />
        <ItemText step={B} select={selectB} />
        <WholeList />
      </EditorStoreProvider>,
    );
    expect(screen.getByText('List: one, two')).toBeDefined();
    const callsOfA = selectA.mock.calls.length;
    const callsOfB = selectB.mock.calls.length;

    act(() => store.getState().setValue(['story-content', B, 'value'], 'two!'));

    expect(screen.getByText('two!')).toBeDefined();
    expect(screen.getByText('List: one, two!')).toBeDefined();
    expect(selectA.mock.calls.length).toBe(callsOfA);
    expect(selectB.mock.calls.length).toBeGreaterThan(callsOfB);
  });
});
