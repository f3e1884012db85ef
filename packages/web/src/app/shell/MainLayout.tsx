import { Suspense, useEffect } from 'react';
import { AppShell, Center, Loader } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { Header } from './Header.tsx';
import { recordVisit } from './navigationTrail.ts';

/**
 * The main view: header and the current page. The header needs the user, so nothing shows before the user call
 * has answered; its failure reaches the route's error view.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  useEffect(() => recordVisit(pathname), [pathname]);
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AppShell header={{ height: 52 }} padding="md">
        <AppShell.Header>
          <Header />
        </AppShell.Header>
        <AppShell.Main bg="gray.0">
          <Suspense
            fallback={
              <Center py="xl">
                <Loader size="sm" aria-label="Loading" />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </Suspense>
  );
}
