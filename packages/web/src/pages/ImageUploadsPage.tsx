import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../app/routes.ts';

export function ImageUploadsPage() {
  return <PageHeading>{ROUTES.ImageUploads.label}</PageHeading>;
}
