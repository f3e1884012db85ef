import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../app/routes.ts';

export function MediaArchivePage() {
  return <PageHeading>{ROUTES.MediaArchive.label}</PageHeading>;
}
