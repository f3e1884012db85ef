import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from '../../router/index.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from '../../api/ApiClientProvider.tsx';
import { uploadQueue } from '../../features/uploads/uploadQueueStore.ts';
import { SIGN_OUT_PATH, SIGN_OUT_TIMEOUT_MS, useSignOut } from './useSignOut.ts';

/** What happened, in order: the server's calls and the steps of the sign-in. */
const steps = vi.hoisted(() => [] as string[]);
const auth = vi.hoisted(() => ({
  isAuthenticated: true,
  signOutRedirect: vi.fn<() => Promise<void>>(async () => {
    steps.push('provider end-session');
  }),
  removeUser: vi.fn<() => void>(),
}));
vi.mock('./SignInProvider.tsx', () => ({ useSignIn: () => auth }));

const credentials = async () => ({ idToken: 'the-id-token', roleOverride: null });

function renderSignOut(queryClient = new QueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiClientProvider getCredentials={credentials}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createMemoryRouter([{ path: '*', element: children }])} />
      </QueryClientProvider>
    </ApiClientProvider>
  );
  return renderHook(() => useSignOut(), { wrapper }).result;
}

describe('Log Out', () => {
  let answer: (request: Request) => Promise<Response>;
  beforeEach(() => {
    steps.length = 0;
    auth.isAuthenticated = true;
    answer = async () => new Response(null, { status: 204 });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const request = new Request(input, init);
        steps.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('authorization') ?? ''}`);
        return answer(request);
      }),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('ends the session at the provider, forgets cached answers and the picked upload files', async () => {
    uploadQueue.getState().addFiles([new File(['png'], 'wave.png', { type: 'image/png' })]);
    expect(uploadQueue.getState().entries).toHaveLength(1);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['user'], { name: 'Emma Editor' });
    const signOut = renderSignOut(queryClient);
    await act(() => signOut.current());
    expect(auth.signOutRedirect).toHaveBeenCalled();
    expect(auth.removeUser).toHaveBeenCalled();
    expect(queryClient.getQueryData(['user'])).toBeUndefined();
    expect(uploadQueue.getState().entries).toEqual([]);
  });

  it('tells the server with the token it signs out before leaving for the provider', async () => {
    const signOut = renderSignOut();
    await act(() => signOut.current());
    expect(steps).toEqual([`POST ${SIGN_OUT_PATH} Bearer the-id-token`, 'provider end-session']);
  });

  it('goes to the provider all the same when the server fails or does not answer in time', async () => {
    answer = async () => new Response(JSON.stringify({ status: 503, messages: ['Down'] }), { status: 503, headers: { 'content-type': 'application/json' } });
    const signOut = renderSignOut();
    await act(() => signOut.current());
    expect(steps).toEqual([`POST ${SIGN_OUT_PATH} Bearer the-id-token`, 'provider end-session']);

    steps.length = 0;
    // The server never answers; the wait runs out at once instead of after SIGN_OUT_TIMEOUT_MS.
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => AbortSignal.abort(new DOMException('The wait ran out.', 'TimeoutError')));
    answer = (request) =>
      new Promise((_resolve, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    await act(() => signOut.current());
    expect(timeout).toHaveBeenCalledWith(SIGN_OUT_TIMEOUT_MS);
    expect(steps).toEqual([`POST ${SIGN_OUT_PATH} Bearer the-id-token`, 'provider end-session']);
  });

  it('does not call the server when nobody is signed in', async () => {
    auth.isAuthenticated = false;
    const signOut = renderSignOut();
    await act(() => signOut.current());
    expect(steps).toEqual(['provider end-session']);
  });
});
