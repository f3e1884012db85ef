import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../app/routes.ts';

export function DashboardPage() {
  return <PageHeading>{ROUTES.Dashboard.label}</PageHeading>;
}
