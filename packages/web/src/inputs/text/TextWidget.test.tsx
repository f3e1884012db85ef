import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { renderField } from '../../test/renderField.tsx';

const title: InputDefinition = { name: 'title', type: 'text', view: { label: 'Title', hint: 'The headline readers see.' } };

function withConstraints(constraints: InputDefinition['constraints'], view: Partial<InputDefinition['view']> = {}): InputDefinition {
  return { ...title, constraints, view: { ...title.view, ...view } };
}

describe('TextWidget', () => {
  it('shows the label, the hint and the stored value', () => {
    renderField(title, { title: 'Cliff diving' });
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Cliff diving');
    expect(screen.getByText('The headline readers see.')).toBeInTheDocument();
  });

  it('blocks Enter', async () => {
    const { user } = renderField(title);
    const box = screen.getByRole('textbox', { name: 'Title' });
    expect(fireEvent.keyDown(box, { key: 'Enter' })).toBe(false);
    await user.type(box, 'a{Enter}b');
    expect(box).toHaveValue('ab');
  });

  it('replaces the line breaks of pasted text with spaces, where the caret is', async () => {
    const { user, valueOf } = renderField(title);
    const box = screen.getByRole('textbox', { name: 'Title' });
    await user.type(box, 'ab{ArrowLeft}');
    await user.paste('one\ntwo\r\nthree');
    expect(box).toHaveValue('aone two threeb');
    await user.keyboard('X');
    expect(box).toHaveValue('aone two threeXb');
    await user.tab();
    expect(valueOf()).toBe('aone two threeXb');
  });

  it('keeps spaces while typing and stores the trimmed text when the field is left', async () => {
    const { user, valueOf } = renderField(title);
    const box = screen.getByRole('textbox', { name: 'Title' });
    await user.type(box, '  a b  ');
    expect(box).toHaveValue('  a b  ');
    await user.tab();
    expect(valueOf()).toBe('a b');
    expect(box).toHaveValue('a b');
  });

  it('stores undefined for an emptied or blank field', async () => {
    const { user, valueOf } = renderField(title, { title: 'Cliff diving' });
    const box = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(box);
    await user.tab();
    expect(valueOf()).toBeUndefined();
    await user.type(box, '   ');
    await user.tab();
    expect(valueOf()).toBeUndefined();
    expect(box).toHaveValue('');
  });

  it('counts the characters left and the characters to remove', async () => {
    const { user } = renderField(withConstraints({ maxLength: 5 }), { title: 'abc' });
    expect(screen.getByText('2 left')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Title' });
    await user.type(box, 'de');
    expect(screen.getByText('0 left')).toBeInTheDocument();
    await user.type(box, 'fg');
    expect(screen.getByText('remove 2')).toBeInTheDocument();
  });

  it('shows no counter without a maximum length', () => {
    renderField(title, { title: 'abc' });
    expect(screen.queryByText(/ left$/)).not.toBeInTheDocument();
  });

  it('puts the required mark into the placeholder', () => {
    renderField(withConstraints({ required: true }, { placeholder: 'Enter a title' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('placeholder', 'Enter a title *');
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeRequired();
  });

  it('shows the required mark alone when there is no placeholder', () => {
    renderField(withConstraints({ required: true }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('placeholder', '*');
  });

  it('keeps the placeholder of an optional input as it is', () => {
    renderField(withConstraints(undefined, { placeholder: 'Enter a title' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('placeholder', 'Enter a title');
    expect(screen.getByRole('textbox', { name: 'Title' })).not.toBeRequired();
  });

  it('shows validation messages after the field is left', async () => {
    const { user } = renderField(withConstraints({ required: true }));
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Title' }));
    await user.tab();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });

  it('gives the url style a URL keyboard and keeps its value text', async () => {
    const website: InputDefinition = { name: 'website', type: 'text', view: { label: 'Website', style: 'url' } };
    const { user, valueOf } = renderField(website);
    const box = screen.getByRole('textbox', { name: 'Website' });
    expect(box).toHaveAttribute('inputmode', 'url');
    await user.type(box, ' https://example.com ');
    await user.tab();
    expect(valueOf()).toBe('https://example.com');
  });

  it('leaves the anchor style to the anchor selection: it is chosen in a story, not typed', () => {
    renderField({ name: 'cta-anchor-target', type: 'text', view: { label: 'Anchor target', style: 'anchor' } }, { 'cta-anchor-target': 'intro' });
    expect(screen.queryByRole('textbox', { name: 'Anchor target' })).not.toBeInTheDocument();
    expect(screen.getByText('intro')).toBeInTheDocument();
  });

  it('is disabled when the asset is read-only', () => {
    renderField(title, { title: 'Cliff diving' }, { isReadonly: true });
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeDisabled();
  });

  it('follows the store when the value is replaced from outside', async () => {
    const { user, store } = renderField(title, { title: 'Original' });
    const box = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(box);
    await user.type(box, 'Edited');
    await user.tab();
    expect(store.getState().values.title).toBe('Edited');
    act(() => store.getState().discard());
    expect(box).toHaveValue('Original');
    act(() => store.getState().load({ values: { title: 'From the draft' }, metas: {} }));
    expect(box).toHaveValue('From the draft');
  });
});

function renderWithFakeTimers(values: Record<string, unknown> = {}) {
  vi.useFakeTimers();
  const view = renderField(title, values);
  const box = screen.getByRole('textbox', { name: 'Title' });
  const type = (text: string) => fireEvent.change(box, { target: { value: text } });
  return { ...view, box, type };
}

function wait(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

describe('TextWidget debouncing (spec 002 §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reaches the store 500 ms after typing, not before', () => {
    const { box, type, valueOf } = renderWithFakeTimers();
    type('a');
    type('ab');
    type('abc');
    expect(box).toHaveValue('abc');
    wait(499);
    expect(valueOf()).toBeUndefined();
    wait(1);
    expect(valueOf()).toBe('abc');
  });

  it('emits at least every 500 ms while typing goes on', () => {
    const { type, valueOf } = renderWithFakeTimers();
    const seen: unknown[] = [];
    let text = '';
    for (const key of 'abcdefghij') {
      text += key;
      type(text);
      wait(100);
      seen.push(valueOf());
    }
    // One key every 100 ms for a second: the store has caught up twice without a pause in typing.
    expect(seen).toEqual([undefined, undefined, undefined, undefined, 'abcde', 'abcde', 'abcde', 'abcde', 'abcde', 'abcdefghij']);
  });

  it('keeps typed spaces when its own value comes back from the store', () => {
    const { box, type, valueOf } = renderWithFakeTimers();
    type('a ');
    wait(500);
    expect(valueOf()).toBe('a');
    expect(box).toHaveValue('a ');
    type('a b');
    expect(box).toHaveValue('a b');
    wait(500);
    expect(valueOf()).toBe('a b');
  });

  it('sends the value at once when the field is left', () => {
    const { box, type, valueOf, store } = renderWithFakeTimers();
    type('abc ');
    fireEvent.blur(box);
    expect(valueOf()).toBe('abc');
    expect(box).toHaveValue('abc');
    expect(store.getState().touched.title).toBe(true);
  });

  it('sends a waiting value when the field goes away', () => {
    const { type, valueOf, unmount } = renderWithFakeTimers();
    type('abc');
    unmount();
    expect(valueOf()).toBe('abc');
  });

  it('drops a waiting value when the store is replaced from outside', () => {
    const { box, type, valueOf, store } = renderWithFakeTimers({ title: 'Original' });
    type('Originally');
    act(() => store.getState().load({ values: { title: 'From the draft' }, metas: {} }));
    expect(box).toHaveValue('From the draft');
    wait(1000);
    expect(valueOf()).toBe('From the draft');
  });
});
