import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { renderUi } from '../test/renderUi.tsx';
import { ErrorModal, openErrorModal } from './ErrorModal.tsx';
import { ErrorView } from './ErrorView.tsx';

const conflict = new ApiError({
  status: 412,
  messages: ['The asset was changed by someone else.', 'Reload it.'],
  code: 'conflict',
  body: { status: 412, messages: ['The asset was changed by someone else.', 'Reload it.'], code: 'conflict' },
});

describe('the generic error view (spec 001 §8)', () => {
  it('shows the default title, the status and the first message', () => {
    renderUi(<ErrorView error={conflict} onOk={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Oh oh, an error occurred :-(' })).toBeVisible();
    expect(screen.getByText('Code: 412')).toBeVisible();
    expect(screen.getByText('Error: The asset was changed by someone else.')).toBeVisible();
  });

  it('shows the error details as JSON only when asked', async () => {
    const { user } = renderUi(<ErrorView error={conflict} onOk={() => undefined} />);
    const toggle = screen.getByRole('button', { name: 'Error details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/"code": "conflict"/)).toBeVisible();
  });

  it("falls back to the error's own message when there are no messages", () => {
    renderUi(<ErrorView error={new Error('Network down')} onOk={() => undefined} />);
    expect(screen.getByText('Code: -')).toBeVisible();
    expect(screen.getByText('Error: Network down')).toBeVisible();
  });

  it("shows '-' when the error says nothing", () => {
    renderUi(<ErrorView error={{ status: 500, messages: [] }} onOk={() => undefined} />);
    expect(screen.getByText('Code: 500')).toBeVisible();
    expect(screen.getByText('Error: -')).toBeVisible();
  });

  it('takes another title and calls back on Ok', async () => {
    const onOk = vi.fn<() => void>();
    const { user } = renderUi(<ErrorView error={conflict} title="Saving failed" onOk={onOk} />);
    expect(screen.getByRole('heading', { name: 'Saving failed' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(onOk).toHaveBeenCalledOnce();
  });
});

describe('the generic error modal (spec 001 §8)', () => {
  it('shows the error under the default title and closes on Ok', async () => {
    const onClose = vi.fn<() => void>();
    const { user } = renderUi(<ErrorModal opened error={conflict} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Oh oh, an error occurred :-(' });
    expect(dialog).toHaveTextContent('Code: 412');
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('opens from an action and closes again on Ok', async () => {
    const { user } = renderUi(null);
    openErrorModal(new Error('Could not copy'));
    expect(await screen.findByRole('dialog', { name: 'Oh oh, an error occurred :-(' })).toHaveTextContent('Error: Could not copy');
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
