import type { ReactNode } from 'react';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { ROUTES } from '../../router/routes.ts';
import { RedirectWithQuery } from './RedirectWithQuery.tsx';

/** Spec 000 §2: the dashboard only with dashboard access; anyone else goes to AllContent. */
export function DashboardRoute({ children }: { children: ReactNode }) {
  const { hasDashboardAccess } = useCurrentUser();
  if (!hasDashboardAccess) return <RedirectWithQuery to={ROUTES.AllContent.path} />;
  return children;
}
