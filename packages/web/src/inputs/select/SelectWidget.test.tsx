import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { renderField } from '../../test/renderField.tsx';

function options(count: number) {
  return ['Confirmed', 'Cancelled', 'Postponed', 'Moved online', 'Sold out', 'Rescheduled'].slice(0, count).map((label) => ({
    value: label.toLowerCase().replace(' ', '-'),
    label,
  }));
}

function statusInput(count: number, extra: Partial<InputDefinition> = {}): InputDefinition {
  return { name: 'event-status', type: 'select', constraints: { options: options(count) }, view: { label: 'Event status' }, ...extra };
}

const genres: InputDefinition = {
  name: 'genres',
  type: 'select',
  multiple: true,
  constraints: { options: options(6) },
  view: { label: 'Genres' },
};

describe('SelectWidget', () => {
  it('stores the picked option', async () => {
    const { user, valueOf } = renderField(statusInput(3));
    await user.click(screen.getByRole('combobox', { name: 'Event status' }));
    await user.click(await screen.findByRole('option', { name: 'Postponed' }));
    expect(valueOf()).toBe('postponed');
    expect(screen.getByRole('combobox', { name: 'Event status' })).toHaveValue('Postponed');
  });

  it('offers no search below 5 options', () => {
    renderField(statusInput(4));
    expect(screen.getByRole('combobox', { name: 'Event status' })).toHaveAttribute('readonly');
  });

  it('offers a search filter from 5 options on', async () => {
    const { user, valueOf } = renderField(statusInput(5));
    const box = screen.getByRole('combobox', { name: 'Event status' });
    expect(box).not.toHaveAttribute('readonly');
    await user.type(box, 'sold');
    expect(await screen.findByRole('option', { name: 'Sold out' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Confirmed' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Sold out' }));
    expect(valueOf()).toBe('sold-out');
  });

  it('stores undefined when a single select is cleared', async () => {
    const { user, valueOf } = renderField(statusInput(3), { 'event-status': 'cancelled' });
    expect(screen.getByRole('combobox', { name: 'Event status' })).toHaveValue('Cancelled');
    await user.click(screen.getByLabelText('Clear'));
    expect(valueOf()).toBeUndefined();
    expect(screen.getByRole('combobox', { name: 'Event status' })).toHaveValue('');
  });

  it('stores undefined when the picked option is picked again', async () => {
    const { user, valueOf } = renderField(statusInput(3), { 'event-status': 'cancelled' });
    await user.click(screen.getByRole('combobox', { name: 'Event status' }));
    await user.click(await screen.findByRole('option', { name: 'Cancelled' }));
    expect(valueOf()).toBeUndefined();
  });

  it('shows a stored value the stencil does not offer', () => {
    renderField(statusInput(3), { 'event-status': 'retired' });
    expect(screen.getByRole('combobox', { name: 'Event status' })).toHaveValue('retired');
  });

  it('marks a required select and touches it on blur', async () => {
    const { user, store } = renderField(statusInput(3, { constraints: { required: true, options: options(3) } }));
    const box = screen.getByRole('combobox', { name: 'Event status' });
    expect(box).toBeRequired();
    await user.click(box);
    await user.tab();
    expect(store.getState().touched['event-status']).toBe(true);
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });

  it('is disabled when the user may not change the input', () => {
    renderField(statusInput(3), {}, { canEdit: () => false });
    expect(screen.getByRole('combobox', { name: 'Event status' })).toBeDisabled();
  });
});

describe('SelectWidget, multiple', () => {
  it('stores every picked option, searchable from 5 options on', async () => {
    const { user, valueOf } = renderField(genres);
    const box = screen.getByRole('combobox', { name: 'Genres' });
    expect(box).not.toHaveAttribute('readonly');
    await user.click(box);
    await user.click(await screen.findByRole('option', { name: 'Cancelled' }));
    await user.type(box, 'sold');
    expect(screen.queryByRole('option', { name: 'Confirmed' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Sold out' }));
    expect(valueOf()).toEqual(['cancelled', 'sold-out']);
  });

  it('offers no search below 5 options', () => {
    renderField({ ...genres, constraints: { options: options(4) } });
    expect(screen.getByRole('combobox', { name: 'Genres' })).toHaveAttribute('readonly');
  });

  it('stores undefined when nothing is left picked', async () => {
    const { user, valueOf } = renderField(genres, { genres: ['cancelled', 'postponed'] });
    await user.click(screen.getByLabelText('Clear'));
    expect(valueOf()).toBeUndefined();
  });

  it('is disabled when the asset is read-only', () => {
    renderField(genres, { genres: ['cancelled'] }, { isReadonly: true });
    expect(screen.getByRole('combobox', { name: 'Genres' })).toBeDisabled();
  });
});
