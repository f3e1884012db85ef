import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { InputDefinition } from '@editor/domain';
import { createEditorStore } from '../../../editor-state/editorStore.ts';
import { readDraft } from '../../../editor-state/localDrafts.ts';
import { TYPING_PAUSE_MS } from '../../../inputs/idleWork.ts';
import { DRAFT_WRITE_DELAY_MS, DRAFT_WRITE_LONGEST_WAIT_MS, useLocalDraft } from './useLocalDraft.ts';

const inputs: InputDefinition[] = [{ name: 'title', type: 'text', view: { label: 'Title' } }];
const base = { version: 4, updatedDate: '2026-11-28T10:00:00.000Z' };
const getBase = () => base;

function openEditor(id: string) {
  const store = createEditorStore({ inputs, original: { values: { title: 'Saved' }, metas: {} }, showAllErrors: true, isReadonly: false });
  const view = renderHook(() => useLocalDraft({ store, id, locale: 'en', getBase, onLoadDraft: () => undefined }));
  return { store, ...view };
}

/** A key press as the browser reports it: the idle work waits for a pause in these. */
const pressKey = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));

describe('useLocalDraft', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('writes the draft once the user pauses typing, not between two keys', () => {
    const { store } = openEditor('pause');
    store.getState().setValue(['title'], 'Typed');
    pressKey();
    vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS);
    expect(readDraft('pause', 'en')).toBeUndefined();

    vi.advanceTimersByTime(TYPING_PAUSE_MS + DRAFT_WRITE_DELAY_MS);
    expect(readDraft('pause', 'en')?.values).toEqual({ title: 'Typed' });
  });

  it('still writes the draft while the user types without a pause', () => {
    const { store } = openEditor('typing');
    store.getState().setValue(['title'], 'Typed');
    for (let elapsed = 0; elapsed < DRAFT_WRITE_LONGEST_WAIT_MS; elapsed += 100) {
      pressKey();
      vi.advanceTimersByTime(100);
    }
    expect(readDraft('typing', 'en')?.values).toEqual({ title: 'Typed' });
  });

  it('writes the last change at once when the page is left, and every change after that', () => {
    const { store } = openEditor('leaving');
    pressKey();
    store.getState().setValue(['title'], 'Typed');
    window.dispatchEvent(new Event('pagehide'));
    expect(readDraft('leaving', 'en')?.values).toEqual({ title: 'Typed' });

    // A text field flushing its last keys as the page goes.
    store.getState().setValue(['title'], 'Typed more');
    expect(readDraft('leaving', 'en')?.values).toEqual({ title: 'Typed more' });
  });

  it('writes a waiting change when the editor closes', () => {
    const { store, unmount } = openEditor('closing');
    pressKey();
    store.getState().setValue(['title'], 'Typed');
    unmount();
    expect(readDraft('closing', 'en')?.values).toEqual({ title: 'Typed' });
  });
});
