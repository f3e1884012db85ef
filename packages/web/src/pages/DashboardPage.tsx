import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../router/routes.ts';
import { DashboardLayout } from '../features/dashboard/DashboardLayout.tsx';

/** Spec 001 §2.2: the dashboard, home of users with dashboard access (the route sends others to All Content). */
export function DashboardPage() {
  return (
    <>
      <PageHeading>{ROUTES.Dashboard.label}</PageHeading>
      <DashboardLayout />
    </>
  );
}
