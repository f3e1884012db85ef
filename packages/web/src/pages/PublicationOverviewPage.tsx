import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../app/routes.ts';

export function PublicationOverviewPage() {
  return <PageHeading>{ROUTES.PublicationOverview.label}</PageHeading>;
}
