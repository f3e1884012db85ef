import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { useSignOut } from '../auth/useSignOut.ts';

/** Spec 001 §2.1: the user menu with Settings and Log Out. */
export function UserMenu({ name, onOpenSettings }: { name: string; onOpenSettings: () => void }) {
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" width={180} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`User menu of ${name}`} px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Group gap={8} wrap="nowrap">
            <Avatar name={name} color="initials" size={28} radius="xl" />
            <Text size="sm" fw={500} visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
              {name}
            </Text>
            <IconChevronDown size={14} stroke={1.6} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconSettings size={16} stroke={1.6} />} onClick={onOpenSettings}>
          Settings
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} stroke={1.6} />} onClick={() => void signOut()}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
