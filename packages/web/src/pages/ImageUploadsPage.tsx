import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../app/routes.ts';
import { ImageUploads } from '../features/uploads/ImageUploads.tsx';

export function ImageUploadsPage() {
  return (
    <>
      <PageHeading>{ROUTES.ImageUploads.label}</PageHeading>
      <ImageUploads />
    </>
  );
}
