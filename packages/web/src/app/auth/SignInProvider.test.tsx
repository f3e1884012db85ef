import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SignInClient } from './signInClient.ts';
import { SignInProvider, useSignIn } from './SignInProvider.tsx';

/** A client whose steps resolve as given; its user is always signed out. */
function fakeClient(steps: { signOutRedirect: () => Promise<boolean>; signInRedirect?: () => Promise<void>; signInSilently?: () => Promise<void> }): SignInClient {
  return {
    getUser: () => null,
    subscribe: () => () => {},
    signInRedirect: steps.signInRedirect ?? (async () => {}),
    signInSilently: steps.signInSilently ?? (async () => Promise.reject(new Error('No provider session.'))),
    handleCallback: async () => undefined,
    signOutRedirect: steps.signOutRedirect,
    removeUser: () => {},
    storeUser: () => {},
  };
}

function renderSignIn(client: SignInClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SignInProvider client={client} onSignedIn={vi.fn<(state: unknown) => void>()} onSignedOut={vi.fn<() => void>()}>
      {children}
    </SignInProvider>
  );
  return renderHook(() => useSignIn(), { wrapper });
}

describe('SignInProvider', () => {
  it('stays on the way out while the browser leaves for the provider', async () => {
    const { result } = renderSignIn(fakeClient({ signOutRedirect: async () => true }));
    await act(() => result.current.signOutRedirect());
    expect(result.current.isRedirecting).toBe(true);
  });

  it('goes on when a provider without an end-session endpoint kept the browser here', async () => {
    const { result } = renderSignIn(fakeClient({ signOutRedirect: async () => false }));
    await act(() => result.current.signOutRedirect());
    expect(result.current.isRedirecting).toBe(false);
  });

  it('shows why a sign-in could not start, and goes on', async () => {
    const { result } = renderSignIn(
      fakeClient({ signOutRedirect: async () => true, signInRedirect: async () => Promise.reject(new Error('The sign-in provider answered 503.')) }),
    );
    await act(() => result.current.signInRedirect({ state: { returnTo: '/' } }));
    expect(result.current.isRedirecting).toBe(false);
    expect(result.current.error?.message).toBe('The sign-in provider answered 503.');
  });
});
