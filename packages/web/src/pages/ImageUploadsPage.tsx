import { Alert } from '@mantine/core';
import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../router/routes.ts';
import { ImageUploads } from '../features/uploads/ImageUploads.tsx';
import { canUploadImages } from '../parts/user/canCreateContent.ts';
import { useCurrentUser } from '../parts/user/useCurrentUser.ts';

/** Image uploads, for users who may create content in some space (judged by the rights the app acts with, as the server judges an upload). */
export function ImageUploadsPage() {
  const { effectiveRights } = useCurrentUser();
  return (
    <>
      <PageHeading>{ROUTES.ImageUploads.label}</PageHeading>
      {canUploadImages(effectiveRights) ? <ImageUploads /> : <Alert color="gray">Only users who may create content can upload images.</Alert>}
    </>
  );
}
