import { Alert } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useLive } from '../../api/live/LiveProvider.tsx';

/** Says so when live updates are off (no stream: a proxy that buffers, an old browser); the editor works without them. */
export function LiveBanner() {
  const { status } = useLive();
  if (status !== 'off') return null;
  return (
    <Alert color="gray" variant="light" icon={<IconPlugConnectedX size={18} />} title="Live updates are off">
      You can go on editing and saving. Others' changes show when you save or reload, and you do not see who else has this asset open.
    </Alert>
  );
}
