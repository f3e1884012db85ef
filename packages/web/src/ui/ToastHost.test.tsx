import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { ToastHost } from './ToastHost.tsx';
import { showToast } from './toasts.tsx';

describe('the toast host', () => {
  it('shows nothing until the first toast, then every toast queued while its list loaded, in order', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <ToastHost position="top-right" limit={5} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      showToast({ kind: 'success', message: 'First toast' });
      showToast({ kind: 'error', message: 'Second toast' });
      showToast({ kind: 'warning', message: 'Third toast' });
    });
    expect(await screen.findByText('Third toast')).toBeVisible();
    expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toEqual(['First toast', 'Second toast', 'Third toast']);
  });
});
