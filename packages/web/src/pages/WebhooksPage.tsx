import { Alert } from '@mantine/core';
import { canManageWebhooks } from '@editor/domain';
import { ADMIN_ROUTES } from '../router/routes.ts';
import { useCurrentUser } from '../parts/user/useCurrentUser.ts';
import { Webhooks } from '../features/webhooks/Webhooks.tsx';
import { useNavigate, useSearchParams } from '../router/index.ts';
import { PageHeading } from '../ui/PageHeading.tsx';

/** The endpoint whose delivery log is open, in the query: a reload or a shared link shows the same log. */
const ENDPOINT_PARAM = 'endpoint';

/** Webhook endpoints and their delivery logs, for technical admins (judged by the rights the app acts with, as the server judges them). */
export function WebhooksPage() {
  const { effectiveRights } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // Replaced, not pushed: Back leaves the page instead of stepping through the logs looked at.
  const handleSelect = (id: string | null) => void navigate({ search: id ? `?${new URLSearchParams({ [ENDPOINT_PARAM]: id }).toString()}` : '' }, { replace: true });
  return (
    <>
      <PageHeading>{ADMIN_ROUTES.Webhooks.label}</PageHeading>
      {canManageWebhooks(effectiveRights) ? (
        <Webhooks selectedId={searchParams.get(ENDPOINT_PARAM)} onSelect={handleSelect} />
      ) : (
        <Alert color="gray">Only technical admins can manage webhooks.</Alert>
      )}
    </>
  );
}
