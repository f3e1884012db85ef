import { useState } from 'react';
import { Badge, Button, Divider, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { environmentBadge } from '@editor/domain';
import { CreateContentButton } from '../../features/create-content/CreateContentButton.tsx';
import { readNewAssetDrafts } from '../../editor-state/newAssetDrafts.ts';
import { LazyNewAssetDraftOffer } from '../../features/create-content/LazyNewAssetDraftOffer.tsx';
import { LazyProfileModal } from '../../features/profile/LazyProfileModal.tsx';
import { canCreateContent, canUploadImages } from '../../parts/user/canCreateContent.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { useResetRoleOverride } from '../../parts/user/useResetRoleOverride.ts';
import { useHasBeenOpen } from '../../ui/useHasBeenOpen.ts';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { adminPagesFor } from './adminPages.tsx';
import { ExternalLinks } from './ExternalLinks.tsx';
import { HeaderTabs } from './HeaderTabs.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useGoHome } from './useGoHome.ts';

/** Spec 001 §2.1: title, environment badge, tabs, outside links, actions and the user menu. */
export function Header() {
  const currentUser = useCurrentUser();
  const config = useAppConfig();
  const goHome = useGoHome();
  const resetRoleOverride = useResetRoleOverride();
  const [isProfileOpen, profile] = useDisclosure(false);
  const isProfileMounted = useHasBeenOpen(isProfileOpen);
  // Read once per load of the app: a create that fails now is offered after the next reload.
  const [newAssetDrafts] = useState(readNewAssetDrafts);
  const badge = environmentBadge(config.environment);

  return (
    <Group h="100%" px="md" gap="md" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <UnstyledButton onClick={goHome}>
          <Text fw={700} size="md" style={{ whiteSpace: 'nowrap' }}>
            Editor App
          </Text>
        </UnstyledButton>
        {badge && (
          <Badge color={badge === 'staging' ? 'yellow' : 'orange'} variant="light" size="sm" radius="sm">
            {badge}
          </Badge>
        )}
      </Group>
      <HeaderTabs canUploadImages={canUploadImages(currentUser.effectiveRights)} />
      <Group gap={4} ml="auto" wrap="nowrap" style={{ flexShrink: 0 }}>
        <ExternalLinks links={config.links} />
        {canCreateContent(currentUser) && <CreateContentButton />}
        {canCreateContent(currentUser) && newAssetDrafts.length > 0 && <LazyNewAssetDraftOffer initialDrafts={newAssetDrafts} />}
        {currentUser.roleOverride && (
          <Button color="orange" variant="light" size="compact-sm" onClick={resetRoleOverride}>
            Reset roles
          </Button>
        )}
        <Divider orientation="vertical" mx={4} />
        <UserMenu name={currentUser.user.name} adminPages={adminPagesFor(currentUser.effectiveRights)} onOpenSettings={profile.open} />
      </Group>
      {isProfileMounted && <LazyProfileModal opened={isProfileOpen} onClose={profile.close} />}
    </Group>
  );
}
