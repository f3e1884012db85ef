import { useState } from 'react';
import { Alert, Button, Divider, Group, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MESSAGES, savedFilterLabel, settingsOutsideRights } from '@editor/domain';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { forgetRoleOverride, saveRoleOverride } from '../../parts/user/roleOverrideStorage.ts';
import { autoFilterShown, draftRights, initialDraft, settingsOf, type ProfileDraft } from './profileDraft.ts';
import { RoleOverrideFields } from './RoleOverrideFields.tsx';
import { UserRightsLists } from './UserRightsLists.tsx';
import { useSaveSettings } from './useSaveSettings.ts';

/** The profile modal's content (spec 001 §2.9, §4, §5). */
export function ProfileForm({ onClose }: { onClose: () => void }) {
  const currentUser = useCurrentUser();
  const config = useAppConfig();
  const saveSettings = useSaveSettings();
  const [draft, setDraft] = useState<ProfileDraft>(() => initialDraft(currentUser, config.spaces));
  const { user } = currentUser;

  const update = (change: Partial<ProfileDraft>) => setDraft((current) => ({ ...current, ...change }));
  const rights = draftRights(draft, currentUser.originalRights);
  const useAutoFilter = autoFilterShown(draft, rights, config.spaces);
  const outsideRights = settingsOutsideRights(draft, rights);
  const filterOptions = user.filters.map((filter) => ({ value: filter.id, label: savedFilterLabel(filter.filters) || filter.id }));

  const handleConfirm = () => {
    if (currentUser.canUseRoleOverride) {
      // Stored first, so that the settings call already carries the rights they are checked against.
      if (draft.isRoleOverrideOn) saveRoleOverride(user.id, draft.roleOverride);
      else forgetRoleOverride(user.id);
    }
    saveSettings.mutate({ href: user.settings._links.self.href, settings: settingsOf({ draft, useAutoFilter, panels: user.settings.panels }) });
    onClose();
  };

  return (
    <Stack gap="md">
      <Text fw={500}>Hello {user.name}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <Select
          label="Preferred localisation"
          data={[...rights.localizations]}
          value={draft.preferredLocalization}
          onChange={(preferredLocalization) => update({ preferredLocalization })}
          searchable
        />
        <Select
          label="Default space"
          data={[...rights.spaces]}
          value={draft.defaultSpace}
          onChange={(defaultSpace) => update({ defaultSpace })}
          searchable
        />
        <Select
          label="Default filter"
          data={filterOptions}
          value={draft.defaultFilter}
          onChange={(defaultFilter) => update({ defaultFilter })}
          clearable
        />
        <Switch
          label="Auto space filter"
          checked={useAutoFilter}
          disabled={draft.defaultFilter !== null}
          onChange={(event) => update({ useAutoFilter: event.currentTarget.checked })}
          style={{ alignSelf: 'end' }}
          pb={8}
        />
      </SimpleGrid>
      {outsideRights.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {MESSAGES.settingsOutsideRights(outsideRights)}
        </Alert>
      )}
      {currentUser.canUseRoleOverride && (
        <>
          <Divider />
          <RoleOverrideFields
            isOn={draft.isRoleOverrideOn}
            value={draft.roleOverride}
            choices={config}
            onToggle={(isRoleOverrideOn) => update({ isRoleOverrideOn })}
            onChange={(roleOverride) => update({ roleOverride })}
          />
        </>
      )}
      <Divider />
      <UserRightsLists rights={currentUser.originalRights} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={handleConfirm}>Confirm</Button>
      </Group>
    </Stack>
  );
}
