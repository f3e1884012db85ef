import { useNavigate } from '../../router/index.ts';
import { clearRequestError } from '../../api/requestErrorFlag.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { clearToasts } from '../../ui/toasts.tsx';
import { ROUTES, homeRouteName } from '../../router/routes.ts';

/** Spec 001 §2.2: going home clears the toasts and routes to the home target, which depends on dashboard access. */
export function useGoHome(): () => void {
  const navigate = useNavigate();
  const { hasDashboardAccess } = useCurrentUser();
  return () => {
    clearToasts();
    clearRequestError();
    void navigate(ROUTES[homeRouteName(hasDashboardAccess)].path);
  };
}
