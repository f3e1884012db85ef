import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { buildListItem } from '../../test/assetFixtures.ts';
import { renderField } from '../../test/renderField.tsx';
import { editorWrapper, installCatalogue } from '../asset-reference/referenceTestKit.tsx';

const quote: InputDefinition = {
  name: 'quote',
  type: 'ordered-container',
  constraints: {
    orderedProperties: [
      { name: 'quote-text', type: 'text', constraints: { required: true }, view: { label: 'Quote' } },
      { name: 'quote-author', type: 'text', view: { label: 'Author name' } },
      { name: 'quote-author-link', type: 'asset', constraints: { stencils: ['author'] }, view: { label: 'Linked author' } },
    ],
  },
  view: { label: 'Quote' },
};

const ctaUrl: InputDefinition = {
  name: 'cta-url',
  type: 'ordered-container',
  constraints: {
    orderedProperties: [
      {
        name: 'cta-url-target',
        type: 'select',
        constraints: { options: [{ value: 'shop', label: 'Shop' }, { value: 'custom', label: 'Other address' }] },
        view: { label: 'Goes to' },
      },
      { name: 'cta-url-href', type: 'text', view: { label: 'Address' } },
    ],
  },
  view: { label: 'Link' },
};

const AUTHORS = [buildListItem({ id: 'a1', title: 'Ann Author', stencil: 'author', stencilLabel: 'Author' })];
const annRef = { id: 'a1', stencil: 'author' };

function renderQuote(value: unknown[]) {
  installCatalogue(AUTHORS);
  return renderField(quote, { quote: value }, { wrapper: editorWrapper() });
}

describe('OrderedContainerWidget', () => {
  it('renders child i at index i and writes the list', async () => {
    const { user, valueOf } = renderQuote(['Go fast']);
    expect(screen.getByLabelText('Quote', { selector: 'input' })).toHaveValue('Go fast');
    await user.type(screen.getByLabelText('Author name'), 'Ann');
    await user.tab();
    expect(valueOf()).toEqual(['Go fast', 'Ann']);
  });

  it('puts the author name and the linked author side by side from 360 px of width, one below the other under it (spec 002 §9)', () => {
    renderQuote(['Go fast']);
    const author = screen.getByLabelText('Author name');
    const row = author.closest('.mantine-SimpleGrid-root');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByRole('group', { name: 'Linked author' })).toBeInTheDocument();
    const rules = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
    expect(rules).toMatch(/@container[^{]*\(min-width: ?360px\)/);
  });

  it('clears the text author when a linked author is chosen (spec 002 §4 quote)', async () => {
    const { user, valueOf } = renderQuote(['Go fast', 'Ann']);
    const link = screen.getByRole('group', { name: 'Linked author' });
    await user.click(within(link).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Browse assets' });
    const card = await within(dialog).findByRole('article', { name: 'Ann Author' });
    await user.click(within(card).getByRole('button', { name: 'Ann Author' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(valueOf()).toEqual(['Go fast', undefined, annRef]));
    expect(screen.getByLabelText('Author name')).toHaveValue('');
  });

  it('clears only the link when the link is deleted', async () => {
    const { user, valueOf } = renderQuote(['Go fast', undefined, annRef]);
    const card = await within(screen.getByRole('group', { name: 'Linked author' })).findByRole('article', { name: 'Ann Author' });
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    expect(valueOf()).toEqual(['Go fast', undefined, undefined]);
  });

  it('fills the call-to-action address from the chosen target (spec 002 §3)', async () => {
    const { user, valueOf } = renderField(ctaUrl, {}, { config: { callToActionAddresses: { shop: 'https://shop.test' } } });
    await user.click(screen.getByRole('combobox', { name: 'Goes to' }));
    await user.click(await screen.findByRole('option', { name: 'Shop' }));
    expect(valueOf()).toEqual(['shop', 'https://shop.test']);
    expect(screen.getByLabelText('Address')).toHaveValue('https://shop.test');

    await user.click(screen.getByRole('combobox', { name: 'Goes to' }));
    await user.click(await screen.findByRole('option', { name: 'Other address' }));
    expect(valueOf()).toEqual(['custom', undefined]);
  });

  it('shows a child’s errors at its index', () => {
    renderField(quote, { quote: [undefined, 'Ann'] }, { showAllErrors: true, wrapper: editorWrapper() });
    expect(screen.getByLabelText('Quote', { selector: 'input' })).toHaveAccessibleDescription(/This field is required\./);
  });
});
