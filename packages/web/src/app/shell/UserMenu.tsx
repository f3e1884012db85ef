import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconExternalLink, IconLogout, IconSettings } from '@tabler/icons-react';
import { configuredOutboundLinks } from '../../features/help/outboundLinks.ts';
import { LazyProfileModal } from '../../features/profile/LazyProfileModal.tsx';
import { Link } from '../../router/index.ts';
import { useSignOut } from '../auth/useSignOut.ts';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import type { AdminPage } from './adminPages.tsx';

/**
 * Spec 001 §2.1: the user menu with Settings and Log Out; spec 000 §2: the configured outbound links above them; the
 * admin pages the user may open between the two.
 */
export function UserMenu({ name, adminPages, onOpenSettings }: { name: string; adminPages: readonly AdminPage[]; onOpenSettings: () => void }) {
  const signOut = useSignOut();
  const outboundLinks = configuredOutboundLinks(useAppConfig().links);
  // The avatar's initials stand beside the button: its accessible name then contains all of its visible text (WCAG 2.5.3).
  return (
    <Group gap={2} wrap="nowrap">
      <Avatar name={name} color="initials" size={28} radius="xl" aria-hidden />
      {/* The profile modal loads while the menu is open, so that Settings shows it at once. */}
      <Menu position="bottom-end" width={200} withinPortal onOpen={() => void LazyProfileModal.preload()}>
        <Menu.Target>
          <UnstyledButton aria-label={`User menu of ${name}`} px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Group gap={8} wrap="nowrap">
              <Text size="sm" fw={500} visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                {name}
              </Text>
              <IconChevronDown size={14} stroke={1.6} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {outboundLinks.length > 0 && <Menu.Label>Links</Menu.Label>}
          {outboundLinks.map((link) => (
            <Menu.Item key={link.key} component="a" href={link.href} target="_blank" rel="noopener noreferrer" leftSection={<IconExternalLink size={16} stroke={1.6} />}>
              {link.label}
            </Menu.Item>
          ))}
          {outboundLinks.length > 0 && <Menu.Divider />}
          {adminPages.length > 0 && <Menu.Label>Administration</Menu.Label>}
          {adminPages.map((page) => (
            <Menu.Item key={page.path} component={Link} to={page.path} leftSection={page.icon}>
              {page.label}
            </Menu.Item>
          ))}
          {adminPages.length > 0 && <Menu.Divider />}
          <Menu.Item leftSection={<IconSettings size={16} stroke={1.6} />} onClick={onOpenSettings}>
            Settings
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} stroke={1.6} />} onClick={() => void signOut()}>
            Log Out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
