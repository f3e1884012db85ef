import { Suspense, useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { Outlet, useLocation } from '../../router/index.ts';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { Header } from './Header.tsx';
import classes from './MainLayout.module.css';
import { recordVisit } from '../../router/navigationTrail.ts';
import { LiveRefresh } from '../../features/live/LiveRefresh.tsx';

/**
 * The main view: header and the current page. The header needs the user, so nothing shows before the user call
 * has answered; its failure reaches the route's error view.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  useEffect(() => recordVisit(pathname), [pathname]);
  return (
    <Suspense fallback={<FullPageLoader />}>
      {/* A modal's scroll lock pads an element of this class as it pads the page, so the header does not shift. */}
      <header className={`${classes.header} right-scroll-bar-position`}>
        <Header />
      </header>
      {/* One live stream for the signed-in tab: others' publishes and schedules refresh what it shows. */}
      <LiveRefresh />
      <main className={classes.main}>
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" aria-label="Loading" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </main>
    </Suspense>
  );
}
