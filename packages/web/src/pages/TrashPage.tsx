import { Alert } from '@mantine/core';
import { canManageTrash } from '@editor/domain';
import { ADMIN_ROUTES } from '../router/routes.ts';
import { Trash } from '../features/trash/Trash.tsx';
import { useCurrentUser } from '../parts/user/useCurrentUser.ts';
import { PageHeading } from '../ui/PageHeading.tsx';

/** Deleted versions, for technical admins (judged by the rights the app acts with, as the server judges them). */
export function TrashPage() {
  const { effectiveRights } = useCurrentUser();
  return (
    <>
      <PageHeading>{ADMIN_ROUTES.Trash.label}</PageHeading>
      {canManageTrash(effectiveRights) ? <Trash /> : <Alert color="gray">Only technical admins can see and restore deleted versions.</Alert>}
    </>
  );
}
