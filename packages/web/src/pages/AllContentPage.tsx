import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../app/routes.ts';

export function AllContentPage() {
  return <PageHeading>{ROUTES.AllContent.label}</PageHeading>;
}
