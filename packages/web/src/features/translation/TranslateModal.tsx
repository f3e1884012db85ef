import { useState } from 'react';
import { useNavigate } from '../../router/index.ts';
import { Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconLanguage, IconSparkles } from '@tabler/icons-react';
import { TRANSLATION_TEXTS, type AssetVersion, type StencilDefinition } from '@editor/domain';
import { assetEditorPath } from '../../router/routes.ts';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { localeFlag, localeLabel } from '../../ui/localeDisplay.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { existingLocalizations, translationTargets } from './translationTargets.ts';
import type { TranslationMode } from './translationCalls.ts';
import { useAvailableAiTranslations } from './useAvailableAiTranslations.ts';
import { translatingText, useTranslateAsset } from './useTranslateAsset.ts';

export interface TranslateModalProps {
  opened: boolean;
  version: AssetVersion;
  stencil: Pick<StencilDefinition, 'name' | 'locales'>;
  onClose: () => void;
}

/**
 * Spec 002 §4 translate modal: loading (the AI offers), the list (existing localisations to switch to, the locales
 * the user may translate into, manually or with AI where offered), the translation in progress, which cannot be
 * closed, and then the new localisation's editor.
 */
export function TranslateModal({ opened, version, stencil, onClose }: TranslateModalProps) {
  const [translatingInto, setTranslatingInto] = useState<string | null>(null);
  const isBusy = translatingInto !== null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={TRANSLATION_TEXTS.modalTitle}
      size="lg"
      closeOnClickOutside={!isBusy}
      closeOnEscape={!isBusy}
      withCloseButton={!isBusy}
    >
      {opened && <TranslateDialog version={version} stencil={stencil} onClose={onClose} translatingInto={translatingInto} onTranslating={setTranslatingInto} />}
    </Modal>
  );
}

interface TranslateDialogProps extends Omit<TranslateModalProps, 'opened'> {
  translatingInto: string | null;
  onTranslating: (target: string | null) => void;
}

function TranslateDialog({ version, stencil, onClose, translatingInto, onTranslating }: TranslateDialogProps) {
  const navigate = useNavigate();
  const { localizations: appLocalizations, spaceLocales } = useAppConfig();
  const { effectiveRights } = useCurrentUser();
  const { translate } = useTranslateAsset();
  const targets = translationTargets({ appLocalizations, version, stencil, rights: effectiveRights, spaceLocales });
  const ai = useAvailableAiTranslations({ id: version.id, sourceLocale: version.localization }, { isEnabled: targets.length > 0 });

  async function handleTranslate(target: string, mode: TranslationMode) {
    onTranslating(target);
    const outcome = await translate({ id: version.id, source: version.localization, target, mode });
    onTranslating(null);
    // A failure goes back to the list to try again; every other way out leaves this locale's modal.
    if (outcome !== 'failed') onClose();
  }

  if (translatingInto !== null) {
    return (
      <Stack align="center" gap="md" py="lg" role="status">
        <Loader aria-hidden />
        <Text>{translatingText(translatingInto)}</Text>
      </Stack>
    );
  }
  if (ai.isLoading) {
    return (
      <Center py="xl" role="status" aria-label="Loading translations">
        <Loader />
      </Center>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={5}>Existing localisations</Title>
        <Group gap="xs">
          {existingLocalizations(version).map((locale) => (
            <Button
              key={locale}
              variant={locale === version.localization ? 'filled' : 'default'}
              aria-current={locale === version.localization ? 'page' : undefined}
              onClick={() => {
                onClose();
                if (locale !== version.localization) void navigate(assetEditorPath({ id: version.id, locale }));
              }}
            >
              <span aria-hidden>{localeFlag(locale)}</span>&nbsp;{localeLabel(locale)}
            </Button>
          ))}
        </Group>
      </Stack>
      <Stack gap="xs">
        <Title order={5}>Translate into</Title>
        {targets.length === 0 ? (
          <Text c="dimmed">{TRANSLATION_TEXTS.missingRights}</Text>
        ) : (
          <Stack gap={6} role="list" aria-label="Translation targets">
            {targets.map((target) => (
              <Group key={target} justify="space-between" wrap="nowrap" role="listitem">
                <Text>
                  <span aria-hidden>{localeFlag(target)}</span> {localeLabel(target)}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" leftSection={<IconLanguage size={14} />} aria-label={`Translate into ${localeLabel(target)}`} onClick={() => void handleTranslate(target, 'manual')}>
                    Translate
                  </Button>
                  {ai.aiTargets.has(target) && (
                    <Button size="xs" variant="light" leftSection={<IconSparkles size={14} />} aria-label={`AI translate into ${localeLabel(target)}`} onClick={() => void handleTranslate(target, 'ai')}>
                      AI Translate
                    </Button>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
