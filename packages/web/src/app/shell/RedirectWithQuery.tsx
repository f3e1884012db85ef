import { Navigate, useLocation } from '../../router/index.ts';
import { withCarriedQuery } from '../../router/routes.ts';

/** A redirect of the route table; it carries the query string along (spec 000 §2). */
export function RedirectWithQuery({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={withCarriedQuery(to, search)} replace />;
}
