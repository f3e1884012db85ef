import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createEditorStore } from '../../editor-state/editorStore.ts';
import { renderUi } from '../../test/renderUi.tsx';
import { HeroStyleModal } from './HeroStyleModal.tsx';
import { chooseHeroLayout, heroLayoutOf, offeredHeroLayouts } from './heroStyle.ts';

const heroImage = { name: 'hero-image', type: 'image' as const, constraints: { heroLayouts: ['wide', 'split'] }, view: { label: 'Hero image' } };

function storeWithMeta(meta?: Record<string, unknown>) {
  return createEditorStore({ inputs: [heroImage], original: { values: {}, metas: meta ? { 'hero-image': meta } : {} }, showAllErrors: false, isReadonly: false });
}

describe('Select a hero style (spec 000 §2)', () => {
  it('keeps Ok disabled until the choice differs from the current style; Cancel closes without a choice', async () => {
    const onSelect = vi.fn<(layout: string) => void>();
    const onClose = vi.fn<() => void>();
    const { user } = renderUi(<HeroStyleModal opened layouts={['default', 'wide', 'split']} current="wide" onSelect={onSelect} onClose={onClose} />);
    const ok = await screen.findByRole('button', { name: 'Ok' });
    expect(screen.getByRole('radio', { name: 'wide' })).toBeChecked();
    expect(ok).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'split' }));
    expect(ok).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'wide' }));
    expect(ok).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSelect).not.toHaveBeenCalled();
  });
});

describe('hero style meta (spec 000 §3, §4)', () => {
  it('sets { id, attributes: { variation } } and keeps the input’s other meta', () => {
    const store = storeWithMeta({ urlFragment: 'top' });
    chooseHeroLayout(store.getState(), { name: 'hero-image', layout: 'wide', newId: () => 'style-1' });
    expect(store.getState().metas['hero-image']).toEqual({ urlFragment: 'top', style: { id: 'style-1', attributes: { variation: 'wide' } } });
  });

  it('default removes the style and remembers its id; the next layout reuses it', () => {
    const store = storeWithMeta({ style: { id: 'style-7', attributes: { variation: 'split' } } });
    chooseHeroLayout(store.getState(), { name: 'hero-image', layout: 'default', newId: () => 'new' });
    expect(store.getState().metas['hero-image']).toBeUndefined();
    expect(heroLayoutOf(store.getState().metas['hero-image'])).toBe('default');
    chooseHeroLayout(store.getState(), { name: 'hero-image', layout: 'wide', newId: () => 'new' });
    expect(store.getState().metas['hero-image']).toEqual({ style: { id: 'style-7', attributes: { variation: 'wide' } } });
  });

  it('offers default first, and a flagged layout only with its flag or when the input already has it', () => {
    const layouts = ['wide', 'occasion-campaign'];
    expect(offeredHeroLayouts({ layouts, features: [], current: 'default' })).toEqual(['default', 'wide']);
    expect(offeredHeroLayouts({ layouts, features: ['occasion-campaign-hero'], current: 'default' })).toEqual(['default', 'wide', 'occasion-campaign']);
    expect(offeredHeroLayouts({ layouts, features: [], current: 'occasion-campaign' })).toEqual(['default', 'wide', 'occasion-campaign']);
  });
});
