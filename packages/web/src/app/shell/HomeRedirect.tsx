import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { ROUTES, homeRouteName } from '../../router/routes.ts';
import { RedirectWithQuery } from './RedirectWithQuery.tsx';

/** `/`: the dashboard for users with dashboard access, AllContent for everyone else (spec 000 §2). */
export function HomeRedirect() {
  const { hasDashboardAccess } = useCurrentUser();
  return <RedirectWithQuery to={ROUTES[homeRouteName(hasDashboardAccess)].path} />;
}
