import { useState } from 'react';
import { Center, Group, Loader, Modal, Select, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '../../router/index.ts';
import { IMAGE_GALLERY_STENCIL, creatableSpaces, opensEventFlow, type StencilSummary } from '@editor/domain';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { assetEditorPath } from '../../router/routes.ts';
import { StencilIcon } from '../../ui/StencilIcon.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { EventWizardModal } from '../event-wizard/EventWizardModal.tsx';
import { GalleryWizardModal } from '../gallery-wizard/GalleryWizardModal.tsx';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import classes from './CreateContentModal.module.css';
import { groupStencils } from './stencilGroups.ts';
import { useCreatableStencils, useCreateAsset } from './useCreateContent.ts';


function StencilButton({ stencil, isCreating, isDisabled, onPick }: { stencil: StencilSummary; isCreating: boolean; isDisabled: boolean; onPick: () => void }) {
  return (
    <UnstyledButton className={classes.stencil} onClick={onPick} disabled={isDisabled} aria-busy={isCreating || undefined}>
      <Group gap="sm" wrap="nowrap">
        <Text c="indigo.6" lh={0}>
          <StencilIcon name={stencil.icon} size={20} />
        </Text>
        <Text size="sm" fw={500} truncate style={{ flex: 1 }}>
          {stencil.label}
        </Text>
        {isCreating && <Loader size={14} aria-label={`Creating ${stencil.label}`} />}
      </Group>
    </UnstyledButton>
  );
}

function CreateContent({ onClose, initialSearchText, onEventProfile, onImageGallery }: { onClose: () => void; initialSearchText: string; onEventProfile: (chosen: { locale: string; space: string }) => void; onImageGallery?: (chosen: { localization: string; space: string }) => void }) {
  const { effectiveRights, settings } = useCurrentUser();
  const { eventProfileSpaces } = useAppConfig();
  const navigate = useNavigate();
  const spaces = creatableSpaces(effectiveRights);
  const localizations = effectiveRights.localizations;
  // The resolved defaults, unless the user may not create there (the default space may be the tv space).
  const [space, setSpace] = useState<string | null>(settings.defaultSpace && spaces.includes(settings.defaultSpace) ? settings.defaultSpace : null);
  const [localization, setLocalization] = useState<string | null>(localizations.includes(settings.preferredLocalization) ? settings.preferredLocalization : null);
  const [searchText, setSearchText] = useState(initialSearchText);
  const stencils = useCreatableStencils(space, localization);
  const createAsset = useCreateAsset();
  const groups = groupStencils(stencils.data ?? [], searchText);

  const handlePick = (stencil: StencilSummary) => {
    // Spec 001 §5: warning toasts when a space or localisation is missing.
    if (!space) {
      showToast({ kind: 'warning', message: 'Please select a space' });
      return;
    }
    if (!localization) {
      showToast({ kind: 'warning', message: 'Please select a localisation' });
      return;
    }
    // Spec 001 §2.4, §4: the event-profile stencil opens the event search and then the event wizard, except in the
    // spaces where it is created the normal way.
    if (opensEventFlow({ stencil: stencil.name, space, eventProfileSpaces })) {
      onEventProfile({ locale: localization, space });
      return;
    }
    // Spec 001 §2.4: the image-gallery stencil opens the gallery wizard.
    if (stencil.name === IMAGE_GALLERY_STENCIL && onImageGallery) {
      onImageGallery({ localization, space });
      return;
    }
    createAsset.mutate(
      { space, localization, stencil: stencil.name, stencilLabel: stencil.label },
      {
        onSuccess: (asset) => {
          onClose();
          void navigate(assetEditorPath({ id: asset.id, locale: asset.localization }));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Group grow gap="sm" align="flex-start">
        <Select label="Space" data={spaces} value={space} onChange={setSpace} searchable clearable clearButtonProps={{ 'aria-label': 'Clear space', 'aria-hidden': false }} size="sm" />
        <Select
          label="Localisation"
          data={[...localizations]}
          value={localization}
          onChange={setLocalization}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear localisation', 'aria-hidden': false }}
          size="sm"
        />
      </Group>
      <TextInput
        aria-label="Search asset type"
        placeholder="Search asset type"
        leftSection={<IconSearch size={16} stroke={1.6} />}
        value={searchText}
        onChange={(event) => setSearchText(event.currentTarget.value)}
        data-autofocus
      />
      <div style={{ minHeight: 240 }}>
        {stencils.isFetching && !stencils.data ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading asset types" />
          </Center>
        ) : groups.length === 0 ? (
          <Stack gap={4} align="center" py="xl">
            <Text fw={600}>No Stencils Found</Text>
            <Text size="sm" c="dimmed">
              No items match your search. Please try again.
            </Text>
          </Stack>
        ) : (
          <Stack gap="md">
            {groups.map(({ group, stencils: members }) => (
              <section key={group} aria-label={group}>
                <Text component="h3" size="xs" fw={700} c="dimmed" tt="uppercase" mb={6} style={{ letterSpacing: 0.4 }}>
                  {group}
                </Text>
                <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={6} verticalSpacing={6}>
                  {members.map((stencil) => (
                    <StencilButton
                      key={stencil.name}
                      stencil={stencil}
                      isCreating={createAsset.isPending && createAsset.variables.stencil === stencil.name}
                      isDisabled={createAsset.isPending}
                      onPick={() => handlePick(stencil)}
                    />
                  ))}
                </SimpleGrid>
              </section>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}

/**
 * Spec 001 §2.4: the create-content modal. Choosing a stencil creates the asset in the chosen space and locale and
 * opens it in the editor; the event-profile stencil opens the event wizard on the chosen space and locale instead.
 * The image-gallery stencil opens the gallery wizard. `initialSearchText` starts the stencil
 * search with a text.
 */
export function CreateContentModal({ opened, onClose, initialSearchText = '' }: { opened: boolean; onClose: () => void; initialSearchText?: string }) {
  const [eventWizard, setEventWizard] = useState<{ locale: string; space: string } | null>(null);
  const [galleryWizard, setGalleryWizard] = useState<{ localization: string; space: string } | null>(null);
  return (
    <>
      <Modal opened={opened} onClose={onClose} title="Create Content" size="xl">
        {/* Mounted only while open, so every opening starts from the user's defaults. */}
        {opened && (
          <CreateContent
            onClose={onClose}
            initialSearchText={initialSearchText}
            onEventProfile={(chosen) => {
              onClose();
              setEventWizard(chosen);
            }}
            onImageGallery={(chosen) => {
              onClose();
              setGalleryWizard(chosen);
            }}
          />
        )}
      </Modal>
      <EventWizardModal opened={eventWizard !== null} onClose={() => setEventWizard(null)} preselected={eventWizard} />
      <GalleryWizardModal target={galleryWizard} onClose={() => setGalleryWizard(null)} />
    </>
  );
}
