import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { renderField } from '../../test/renderField.tsx';
import { stubLayoutForEditor } from './layoutStubs.ts';

beforeAll(stubLayoutForEditor);

// A file of its own: the editor's code is loaded once per module graph, and no other test may have loaded it first.
const teaser: InputDefinition = { name: 'teaser', type: 'rich-text', view: { label: 'Teaser' } };

describe('RichTextInput', () => {
  it('loads the editor code as a text that can be edited shows, so the first click starts its editor in the same render', async () => {
    renderField(teaser, { teaser: '<p>Hello</p>' });
    const textbox = screen.getByRole('textbox', { name: 'Teaser' });
    expect(textbox).not.toHaveAttribute('contenteditable');
    await vi.dynamicImportSettled();

    act(() => {
      textbox.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
    });
    expect(screen.getByRole('textbox', { name: 'Teaser' })).toHaveAttribute('contenteditable', 'true');
  });
});
