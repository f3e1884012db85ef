import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from '../../router/index.ts';
import { describe, expect, it, vi } from 'vitest';
import { uploadQueue } from '../../features/uploads/uploadQueueStore.ts';
import { useSignOut } from './useSignOut.ts';

const auth = vi.hoisted(() => ({
  signOutRedirect: vi.fn<() => Promise<void>>(async () => {}),
  removeUser: vi.fn<() => void>(),
}));
vi.mock('./SignInProvider.tsx', () => ({ useSignIn: () => auth }));

describe('Log Out', () => {
  it('ends the session at the provider, forgets cached answers and the picked upload files', async () => {
    uploadQueue.getState().addFiles([new File(['png'], 'wave.png', { type: 'image/png' })]);
    expect(uploadQueue.getState().entries).toHaveLength(1);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['user'], { name: 'Emma Editor' });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createMemoryRouter([{ path: '*', element: children }])} />
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useSignOut(), { wrapper });
    await act(() => result.current());
    expect(auth.signOutRedirect).toHaveBeenCalled();
    expect(auth.removeUser).toHaveBeenCalled();
    expect(queryClient.getQueryData(['user'])).toBeUndefined();
    expect(uploadQueue.getState().entries).toEqual([]);
  });
});
