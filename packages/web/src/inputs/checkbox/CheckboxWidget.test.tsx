import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { renderField } from '../../test/renderField.tsx';

const noMonetization: InputDefinition = { name: 'no-monetization', type: 'checkbox', view: { label: 'No monetization', hint: 'No ads on this page.' } };
const standalone: InputDefinition = { name: 'standalone', type: 'checkbox', view: { label: 'Standalone', style: 'switch' }, default: true };
const headlineChapter: InputDefinition = {
  name: 'headline-chapter',
  type: 'checkbox',
  view: { label: 'Chapter', hint: 'Makes this headline a chapter that readers can jump to.', style: 'anchor' },
  default: false,
};
const quickEvent: InputDefinition = {
  name: 'quick-event',
  type: 'checkbox',
  view: { label: 'Quick event', style: 'switch' },
  default: false,
};

describe('CheckboxWidget', () => {
  it('is a checkbox by default and stores true and false', async () => {
    const { user, valueOf } = renderField(noMonetization);
    const box = screen.getByRole('checkbox', { name: 'No monetization' });
    expect(box).not.toBeChecked();
    expect(screen.getByText('No ads on this page.')).toBeInTheDocument();
    await user.click(box);
    expect(valueOf()).toBe(true);
    await user.click(box);
    expect(valueOf()).toBe(false);
  });

  it('shows the switch style as a switch', async () => {
    const { user, valueOf } = renderField(standalone, { standalone: false });
    const toggle = screen.getByRole('switch', { name: 'Standalone' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(valueOf()).toBe(true);
  });

  it("shows the input's default while the value is undefined", () => {
    renderField(standalone);
    expect(screen.getByRole('switch', { name: 'Standalone' })).toBeChecked();
  });

  it('shows the anchor style as a pressed or released anchor toggle', async () => {
    const { user, valueOf } = renderField(headlineChapter);
    const toggle = screen.getByRole('button', { name: 'Chapter' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle.querySelector('svg')).not.toBeNull();
    await user.click(toggle);
    expect(valueOf()).toBe(true);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(valueOf()).toBe(false);
  });

  it('touches the field on blur', async () => {
    const { user, store } = renderField(noMonetization);
    await user.click(screen.getByRole('checkbox', { name: 'No monetization' }));
    await user.tab();
    expect(store.getState().touched['no-monetization']).toBe(true);
  });

  it.each([
    ['checkbox', noMonetization, 'checkbox', 'No monetization'],
    ['switch', standalone, 'switch', 'Standalone'],
    ['anchor', headlineChapter, 'button', 'Chapter'],
  ] as const)('disables the %s variant on a read-only asset', async (_variant, input, role, name) => {
    const { user, valueOf } = renderField(input, {}, { isReadonly: true });
    const control = screen.getByRole(role, { name });
    expect(control).toBeDisabled();
    await user.click(control);
    expect(valueOf()).toBeUndefined();
  });
});

describe('quick event switch (spec 002 §4)', () => {
  it('carries the texts of spec 002 §9', () => {
    renderField(quickEvent, {}, { siblings: [standalone] });
    const toggle = screen.getByRole('switch', { name: 'Create Quick Event version' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Turn on to only create a quick version of an upcoming event.');
  });

  it('sets standalone to false when turned on and to true when turned off', async () => {
    const { user, store } = renderField(quickEvent, {}, { siblings: [standalone] });
    const toggle = screen.getByRole('switch', { name: 'Create Quick Event version' });
    await user.click(toggle);
    expect(store.getState().values).toMatchObject({ 'quick-event': true, standalone: false });
    await user.click(toggle);
    expect(store.getState().values).toMatchObject({ 'quick-event': false, standalone: true });
  });

  it('leaves the values alone for a stencil without standalone', async () => {
    const { user, store } = renderField(quickEvent);
    await user.click(screen.getByRole('switch', { name: 'Create Quick Event version' }));
    expect(store.getState().values).toEqual({ 'quick-event': true });
  });

  it('follows the store', () => {
    const { store } = renderField(quickEvent, { 'quick-event': true }, { siblings: [standalone] });
    const toggle = screen.getByRole('switch', { name: 'Create Quick Event version' });
    expect(toggle).toBeChecked();
    act(() => store.getState().setValue(['quick-event'], false));
    expect(toggle).not.toBeChecked();
  });
});
