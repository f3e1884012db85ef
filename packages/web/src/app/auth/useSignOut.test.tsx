import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { uploadQueue } from '../../features/uploads/uploadQueueStore.ts';
import { useSignOut } from './useSignOut.ts';

const auth = vi.hoisted(() => ({
  user: { id_token: 'id-token' },
  signoutRedirect: vi.fn<(options?: { id_token_hint?: string }) => Promise<void>>(async () => {}),
  removeUser: vi.fn<() => Promise<void>>(async () => {}),
}));
vi.mock('react-oidc-context', () => ({ useAuth: () => auth }));

describe('Log Out', () => {
  it('ends the session at the provider, forgets cached answers and the picked upload files', async () => {
    uploadQueue.getState().addFiles([new File(['png'], 'wave.png', { type: 'image/png' })]);
    expect(uploadQueue.getState().entries).toHaveLength(1);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['user'], { name: 'Emma Editor' });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useSignOut(), { wrapper });
    await act(() => result.current());
    expect(auth.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-token' });
    expect(auth.removeUser).toHaveBeenCalled();
    expect(queryClient.getQueryData(['user'])).toBeUndefined();
    expect(uploadQueue.getState().entries).toEqual([]);
  });
});
