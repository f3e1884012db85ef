import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../app/routes.ts';

export function MyContentPage() {
  return <PageHeading>{ROUTES.MyContent.label}</PageHeading>;
}
