import { Alert } from '@mantine/core';
import { canManageDeliveryKeys } from '@editor/domain';
import { ADMIN_ROUTES } from '../router/routes.ts';
import { DeliveryKeys } from '../features/delivery-keys/DeliveryKeys.tsx';
import { useCurrentUser } from '../parts/user/useCurrentUser.ts';
import { PageHeading } from '../ui/PageHeading.tsx';

/** The delivery API's keys, for technical admins (judged by the rights the app acts with, as the server judges them). */
export function DeliveryKeysPage() {
  const { effectiveRights } = useCurrentUser();
  return (
    <>
      <PageHeading>{ADMIN_ROUTES.DeliveryKeys.label}</PageHeading>
      {canManageDeliveryKeys(effectiveRights) ? <DeliveryKeys /> : <Alert color="gray">Only technical admins can manage delivery keys.</Alert>}
    </>
  );
}
