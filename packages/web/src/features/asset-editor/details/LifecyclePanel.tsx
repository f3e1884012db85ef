import type { ReactNode } from 'react';
import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { AssetVersion, Transition } from '@editor/domain';
import { ApiError } from '../../../api/client.ts';
import { useApiClient } from '../../../api/ApiClientProvider.tsx';
import { useAppConfig } from '../../../config/AppConfigProvider.tsx';
import { describeError } from '../../../ui/describeError.ts';
import { formatDisplayDateTime } from '../../../ui/formatDate.ts';
import { lifecycleQuery, lifecycleSections } from './lifecycleQuery.ts';
import { TranslationBadge } from './TranslationBadge.tsx';

const NOT_FOUND = 'Lifecycle was not found.';
const UNRELIABLE = 'Lifecycle information is currently not reliably available on staging and design.';
const NO_SCHEDULE = 'There is no publish schedule set for this asset.';
const NO_HISTORY = 'There is no publish history available for this asset.';
const HISTORY_FOOTNOTE = 'This history might not be complete: publish and unpublish steps from before lifecycle tracking began are not listed.';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs" aria-label={title}>
      <Title order={5}>{title}</Title>
      {children}
    </Stack>
  );
}

/** What a transition did or will do, by where it takes the version and how it went. */
function transitionTitle(transition: Transition): string {
  const isPublish = transition.transitionTo === 'PUBLISHED';
  if (transition.transitionStatus === 'SCHEDULED') return isPublish ? 'Publish' : 'Unpublish';
  if (transition.transitionStatus === 'ERROR') return isPublish ? 'Publishing failed' : 'Unpublishing failed';
  return isPublish ? 'Published' : 'Unpublished';
}

function TransitionList({ label, transitions, placeholder }: { label: string; transitions: Transition[]; placeholder: string }) {
  if (transitions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {placeholder}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={6} m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {transitions.map((transition) => {
        const isError = transition.transitionStatus === 'ERROR';
        const color = isError ? 'red' : undefined;
        return (
          <li key={`${transition.transitionStatus}-${transition.transitionTo}-${transition.executionTimestamp}`}>
            <Group gap={6} wrap="nowrap" align="baseline">
              <Text size="sm" fw={600} c={color}>
                {transitionTitle(transition)}
              </Text>
              <Text size="sm" c={color ?? 'dimmed'}>
                {formatDisplayDateTime(transition.executionTimestamp)} by {transition.user}
              </Text>
            </Group>
            {isError && transition.transitionMessage && (
              <Text size="sm" c="red">
                {transition.transitionMessage}
              </Text>
            )}
          </li>
        );
      })}
    </Stack>
  );
}

/**
 * Spec 002 §2 Lifecycle tab: Overview (the status), Upcoming (scheduled transitions) and History (executed and failed
 * ones, newest first). Outside production it warns when the lifecycle is missing, and on staging and design that it
 * is not reliable there.
 */
export function LifecyclePanel({ asset }: { asset: AssetVersion }) {
  const api = useApiClient();
  const { environment } = useAppConfig();
  const query = useQuery(lifecycleQuery(api, { id: asset.id, localization: asset.localization }));
  const isNotFound = query.error instanceof ApiError && query.error.status === 404;
  // A missing lifecycle means there is nothing scheduled or recorded; any other failure is worth saying.
  const failure = query.error && !isNotFound ? describeError(query.error).message : undefined;
  const { upcoming, history } = lifecycleSections(query.data?.attributes.scheduledTransitions ?? []);

  return (
    <Stack gap="lg">
      {environment !== 'production' && isNotFound && (
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />}>
          {NOT_FOUND}
        </Alert>
      )}
      {(environment === 'staging' || environment === 'design') && (
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />}>
          {UNRELIABLE}
        </Alert>
      )}
      {failure && (
        <Alert color="red" icon={<IconAlertTriangle size={16} />}>
          {failure}
        </Alert>
      )}
      {query.isPending ? (
        <Loader size="sm" aria-label="Loading lifecycle" />
      ) : (
        <>
          <Section title="Overview">
            <Group gap="xs">
              <Text size="sm" fw={500}>
                Status
              </Text>
              <TranslationBadge status={asset._meta.status} lifecycle={query.data} />
            </Group>
          </Section>
          <Section title="Upcoming">
            <TransitionList label="Upcoming transitions" transitions={upcoming} placeholder={NO_SCHEDULE} />
          </Section>
          <Section title="History">
            <TransitionList label="Past transitions" transitions={history} placeholder={NO_HISTORY} />
            <Text size="xs" c="dimmed">
              {HISTORY_FOOTNOTE}
            </Text>
          </Section>
        </>
      )}
    </Stack>
  );
}
