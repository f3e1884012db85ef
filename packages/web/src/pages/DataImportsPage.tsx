import { Alert } from '@mantine/core';
import { canManageReferenceData } from '@editor/domain';
import { ADMIN_ROUTES } from '../router/routes.ts';
import { DataImports } from '../features/data-imports/DataImports.tsx';
import { useCurrentUser } from '../parts/user/useCurrentUser.ts';
import { PageHeading } from '../ui/PageHeading.tsx';

/** Events, master data and ZOE localizations imported from files, for technical admins (judged by the rights the app acts with, as the server judges them). */
export function DataImportsPage() {
  const { effectiveRights } = useCurrentUser();
  return (
    <>
      <PageHeading>{ADMIN_ROUTES.DataImports.label}</PageHeading>
      {canManageReferenceData(effectiveRights) ? <DataImports /> : <Alert color="gray">Only technical admins can import data.</Alert>}
    </>
  );
}
