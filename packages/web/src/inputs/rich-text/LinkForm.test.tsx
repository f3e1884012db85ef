import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VALIDATION_MESSAGES } from '@editor/domain';
import { renderUi } from '../../test/renderUi.tsx';
import { LinkForm, type LinkFormProps } from './LinkForm.tsx';

function renderForm(href?: string) {
  const props = {
    href,
    onConfirmExternal: vi.fn<LinkFormProps['onConfirmExternal']>(),
    onChooseAsset: vi.fn<() => void>(),
    onRemove: vi.fn<() => void>(),
    onCancel: vi.fn<() => void>(),
  };
  return { ...renderUi(<LinkForm {...props} />), props };
}

describe('the link form (spec 002 §4 link modes, §5 Links)', () => {
  it('confirms a URL that passes the link check, trimmed', async () => {
    const { user, props } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'URL' }), '  https://example.com  ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(props.onConfirmExternal).toHaveBeenCalledWith('https://example.com');
  });

  it('shows the link check message under the URL and drops it on the next key', async () => {
    const { user, props } = renderForm();
    const url = screen.getByRole('textbox', { name: 'URL' });
    await user.type(url, 'ftp://example.com{Enter}');
    expect(screen.getByText(VALIDATION_MESSAGES.urlScheme)).toBeVisible();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    await user.type(url, '/');
    expect(screen.queryByText(VALIDATION_MESSAGES.urlScheme)).not.toBeInTheDocument();
    expect(props.onConfirmExternal).not.toHaveBeenCalled();
  });

  it('offers Remove link only for an existing link, and Escape cancels', async () => {
    const fresh = renderForm();
    expect(screen.queryByRole('button', { name: 'Remove link' })).not.toBeInTheDocument();
    await fresh.user.keyboard('{Escape}');
    expect(fresh.props.onCancel).toHaveBeenCalled();
    fresh.unmount();

    const existing = renderForm('https://example.com');
    expect(screen.getByRole('textbox', { name: 'URL' })).toHaveValue('https://example.com');
    await existing.user.click(screen.getByRole('button', { name: 'Remove link' }));
    expect(existing.props.onRemove).toHaveBeenCalled();
  });

  it('opens on the internal mode for a link to an asset, which is picked from the asset list', async () => {
    const { user, props } = renderForm('/api/v1/assets/a1');
    expect(screen.getByRole('radio', { name: 'Internal' })).toBeChecked();
    expect(screen.getByText('Linked asset a1')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose asset' }));
    expect(props.onChooseAsset).toHaveBeenCalled();

    await user.click(screen.getByText('External'));
    expect(screen.getByRole('textbox', { name: 'URL' })).toHaveValue('');
  });
});
