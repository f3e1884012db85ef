import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { renderField } from '../../test/renderField.tsx';
import { preloadLazyWidgets } from '../registry.tsx';

const releaseYear: InputDefinition = {
  name: 'release-year',
  type: 'number',
  constraints: { min: 1900, max: 2100 },
  view: { label: 'Release year', hint: 'The year the film came out.' },
};

// The app loads these widgets when a field first shows one; here they are there before the first render.
beforeAll(() => preloadLazyWidgets());

describe('NumberWidget', () => {
  it('stores what is typed as a number', async () => {
    const { user, valueOf } = renderField(releaseYear);
    const box = screen.getByRole('textbox', { name: 'Release year' });
    await user.type(box, '2024');
    await user.tab();
    expect(valueOf()).toBe(2024);
    expect(screen.getByText('The year the film came out.')).toBeInTheDocument();
  });

  it('stores a fraction as a number', async () => {
    const { user, valueOf } = renderField({ name: 'duration', type: 'number', view: { label: 'Duration' } });
    await user.type(screen.getByRole('textbox', { name: 'Duration' }), '12.5');
    await user.tab();
    expect(valueOf()).toBe(12.5);
  });

  it('stores undefined when the field is emptied', async () => {
    const { user, valueOf } = renderField(releaseYear, { 'release-year': 2001 });
    const box = screen.getByRole('textbox', { name: 'Release year' });
    expect(box).toHaveValue('2001');
    await user.clear(box);
    await user.tab();
    expect(valueOf()).toBeUndefined();
  });

  it('does not clamp to min and max; validation reports the range', async () => {
    const { user, valueOf } = renderField(releaseYear);
    await user.type(screen.getByRole('textbox', { name: 'Release year' }), '1800');
    await user.tab();
    expect(valueOf()).toBe(1800);
    expect(await screen.findByText('The value needs to be 1900 or bigger.')).toBeInTheDocument();
  });

  it('keeps only integers for the multiline style', async () => {
    const input: InputDefinition = { name: 'count', type: 'number', view: { label: 'Count', style: 'multiline' } };
    const { user, valueOf } = renderField(input);
    const box = screen.getByRole('textbox', { name: 'Count' });
    await user.type(box, '1.5');
    await user.tab();
    expect(box).toHaveValue('15');
    expect(valueOf()).toBe(15);
  });

  it('marks a required number', () => {
    renderField({ ...releaseYear, constraints: { required: true } });
    expect(screen.getByRole('textbox', { name: 'Release year' })).toBeRequired();
  });

  it('follows the store when the value is replaced from outside', async () => {
    const { user, store } = renderField(releaseYear, { 'release-year': 2001 });
    const box = screen.getByRole('textbox', { name: 'Release year' });
    await user.clear(box);
    await user.type(box, '2002');
    await user.tab();
    act(() => store.getState().discard());
    expect(box).toHaveValue('2001');
  });

  it('is disabled when the input is read-only', () => {
    renderField({ ...releaseYear, view: { ...releaseYear.view, readonly: true } }, { 'release-year': 2001 });
    expect(screen.getByRole('textbox', { name: 'Release year' })).toBeDisabled();
  });
});
