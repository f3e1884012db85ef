import { Button, Group, Text } from '@mantine/core';
import { useNavigate } from '../../router/index.ts';
import { MESSAGES } from '@editor/domain';
import { CenteredPanel } from '../../ui/CenteredPanel.tsx';

/** /logout (spec 000 §2): the provider returns here after signing out. */
export function LogoutPage() {
  const navigate = useNavigate();
  return (
    <CenteredPanel>
      <Text>{MESSAGES.loggedOut}</Text>
      <Group justify="flex-end">
        <Button onClick={() => void navigate('/')}>Login</Button>
      </Group>
    </CenteredPanel>
  );
}
