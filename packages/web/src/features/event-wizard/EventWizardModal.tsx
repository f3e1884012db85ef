import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Center, Group, Image, Loader, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useNavigate } from '../../router/index.ts';
import { EVENT_CARD_IMAGE_PX, creatableSpaces, eventHasLocale, eventLocaleChoices, localesOfEvent, type DashboardEvent, type EventWizardStep } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { assetEditorPath } from '../../router/routes.ts';
import { showToast } from '../../ui/toasts.tsx';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { ALL_COPYABLE, CopyDataStep, copiedValues } from './CopyDataStep.tsx';
import { createEventProfile, type CreationPhase } from './createEventProfile.ts';
import { eventSummary } from './EventButton.tsx';
import { EventSearch } from './EventSearch.tsx';
import { EventSetupStep } from './EventSetupStep.tsx';
import { profileValuesOf, setupErrors, setupFromEvent, type EventSetup } from './eventSetup.ts';
import { useCopySource, useEventProfileIn } from './useEventWizardData.ts';

/** Spec 001 §4: a profile of its own, or one based on a similar (past) event whose profile content is copied. */
type Basis = 'new' | 'existing';
/** The wizard's steps (spec 001 §2.5), after the event search the create-content modal starts with (§2.4). */
type Step = 'event-search' | EventWizardStep;

export interface EventWizardModalProps {
  opened: boolean;
  onClose: () => void;
  /** The event chosen on the dashboard; without one the wizard starts with the event search. */
  event?: DashboardEvent | null;
  /** The locale and space chosen in the create-content modal: the locale step is skipped. */
  preselected?: { locale: string; space: string } | null;
  /**
   * Spec 001 §4 create flag: whether the wizard may create a profile. An event of 'show only existing' has its
   * profiles already: the wizard then only goes to one of them, and no Create is shown.
   */
  canCreate?: boolean;
}

function Footer({ children }: { children: ReactNode }) {
  return (
    <Group justify="flex-end" gap="sm" mt="md">
      {children}
    </Group>
  );
}

function EventPreview({ event }: { event: DashboardEvent }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      {event.featuredImage && <Image src={event.featuredImage.imageUrl} alt="" w={EVENT_CARD_IMAGE_PX} h={EVENT_CARD_IMAGE_PX} radius="sm" fit="cover" />}
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text component="h3" fw={700} size="lg" m={0}>
            {event.title}
          </Text>
          <Badge size="sm" variant="light" color={event.status === 'Confirmed' ? 'green' : 'orange'}>
            {event.status}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {eventSummary(event)}
        </Text>
        {event.description && <Text size="sm">{event.description}</Text>}
        <Text size="xs" c="dimmed">{`Locales: ${localesOfEvent(event).join(', ')}`}</Text>
      </Stack>
    </Group>
  );
}

function BasisChoice({ basis, onChange, event, similarEvent, onSimilarEvent }: { basis: Basis | null; onChange: (basis: Basis) => void; event: DashboardEvent; similarEvent: DashboardEvent | null; onSimilarEvent: (event: DashboardEvent) => void }) {
  return (
    <Stack gap="sm">
      <Radio.Group label="Start from" value={basis} onChange={(value) => onChange(value as Basis)}>
        <Group mt={6}>
          <Radio value="new" label="A new event profile" />
          <Radio value="existing" label="An existing event" />
        </Group>
      </Radio.Group>
      {basis === 'existing' && <EventSearch kind="past" initialText={event.series ?? ''} selectedId={similarEvent?.id ?? null} onSelect={onSimilarEvent} />}
    </Stack>
  );
}

/** The create flag is off: the event's existing profiles, one locale at a time, with Go To and nothing to create. */
function ExistingProfiles({ event, onClose }: { event: DashboardEvent; onClose: () => void }) {
  const navigate = useNavigate();
  const { effectiveRights } = useCurrentUser();
  const locales = localesOfEvent(event).filter((locale) => effectiveRights.localizations.includes(locale));
  const [locale, setLocale] = useState<string | null>(locales[0] ?? null);
  const profile = useEventProfileIn(event.title, locale, true);
  return (
    <>
      <Stack gap="md">
        <EventPreview event={event} />
        {locales.length === 0 ? (
          <Text size="sm" c="dimmed">
            This event has no profile in your localisations.
          </Text>
        ) : (
          <>
            <Select label="Localisation" data={locales} value={locale} onChange={setLocale} allowDeselect={false} />
            {profile.data === null && (
              <Text size="sm" c="dimmed">
                This event has no profile in {locale}.
              </Text>
            )}
          </>
        )}
      </Stack>
      <Footer>
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={profile.isLoading}
          disabled={!profile.data}
          onClick={() => {
            if (!profile.data) return;
            onClose();
            void navigate(assetEditorPath({ id: profile.data.id, locale: profile.data.localization }));
          }}
        >
          Go To
        </Button>
      </Footer>
    </>
  );
}

function WizardSteps({ onClose, initialEvent, preselected }: { onClose: () => void; initialEvent: DashboardEvent | null; preselected: { locale: string; space: string } | null }) {
  const api = useApiClient();
  const navigate = useNavigate();
  const { links, spaceLocales } = useAppConfig();
  const { effectiveRights } = useCurrentUser();
  const [step, setStep] = useState<Step>(initialEvent ? 'event-preview' : 'event-search');
  const [event, setEvent] = useState<DashboardEvent | null>(initialEvent);
  const [locale, setLocale] = useState<string | null>(preselected?.locale ?? null);
  const [basis, setBasis] = useState<Basis | null>(null);
  const [similarEvent, setSimilarEvent] = useState<DashboardEvent | null>(null);
  const [setup, setSetup] = useState<EventSetup | null>(initialEvent ? setupFromEvent(initialEvent) : null);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(ALL_COPYABLE));
  const [phase, setPhase] = useState<CreationPhase>('creating');

  const hasLocale = event !== null && preselected !== null && eventHasLocale(event, preselected.locale);
  const existingProfile = useEventProfileIn(event?.title ?? '', locale, hasLocale);
  const copySource = useCopySource(basis === 'existing' ? similarEvent : null, locale ?? '');

  if (step === 'event-search' || !event || !setup) {
    return (
      <EventSearch
        kind="upcoming"
        selectedId={null}
        onSelect={(chosenEvent) => {
          setEvent(chosenEvent);
          setSetup(setupFromEvent(chosenEvent));
          setStep('event-preview');
        }}
      />
    );
  }

  const spaces = creatableSpaces(effectiveRights);
  const space = preselected?.space ?? event.spaces.find((candidate) => spaces.includes(candidate)) ?? spaces[0] ?? '';
  const isBasisReady = basis === 'new' || (basis === 'existing' && similarEvent !== null);
  const isGoTo = hasLocale && existingProfile.data !== null;

  const handleCreate = async () => {
    if (!locale) return;
    setStep('event-creation');
    const values = profileValuesOf(setup, event, basis === 'existing' ? copiedValues(copySource.data, chosen) : {});
    const outcome = await createEventProfile(api, { space, localization: locale, values, uriTitle: setup.uriTitle }, setPhase);
    onClose();
    if (outcome.kind === 'failed') {
      showToast({ kind: 'error', message: 'Event Asset could not be created', persistent: true });
      return;
    }
    if (!outcome.isUrlApplied) {
      const message = 'The selected URL will not be applied to the created event';
      showToast({
        kind: 'error',
        persistent: true,
        message: links.help ? (
          <>
            {message}{' '}
            <Anchor href={links.help} target="_blank" rel="noopener noreferrer" size="sm">
              Application support
            </Anchor>
          </>
        ) : (
          message
        ),
      });
    }
    showToast({ kind: 'success', message: 'Event Profile has been created and is now ready to publish' });
    void navigate(assetEditorPath({ id: outcome.id, locale: outcome.localization }));
  };

  const handleGoTo = () => {
    if (!existingProfile.data) return;
    onClose();
    void navigate(assetEditorPath({ id: existingProfile.data.id, locale: existingProfile.data.localization }));
  };

  switch (step) {
    case 'event-preview':
      return (
        <>
          <Stack gap="md">
            <EventPreview event={event} />
            {preselected && !isGoTo && <BasisChoice basis={basis} onChange={setBasis} event={event} similarEvent={similarEvent} onSimilarEvent={setSimilarEvent} />}
          </Stack>
          <Footer>
            {preselected ? (
              <>
                <Button variant="default" onClick={() => setStep('event-search')}>
                  Back
                </Button>
                {isGoTo || (hasLocale && existingProfile.isPending) ? (
                  <Button onClick={handleGoTo} loading={existingProfile.isPending}>
                    Go To
                  </Button>
                ) : (
                  <Button onClick={() => setStep('event-setup')} disabled={!isBasisReady}>
                    Continue
                  </Button>
                )}
              </>
            ) : (
              <>
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button onClick={() => setStep('locale-select')}>Continue</Button>
              </>
            )}
          </Footer>
        </>
      );
    case 'locale-select':
      return (
        <>
          <Stack gap="md">
            <Select label="Localisation" placeholder="Choose a localisation" data={eventLocaleChoices(event, effectiveRights.localizations, spaceLocales)} value={locale} onChange={setLocale} allowDeselect={false} />
            <BasisChoice basis={basis} onChange={setBasis} event={event} similarEvent={similarEvent} onSimilarEvent={setSimilarEvent} />
          </Stack>
          <Footer>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => setStep('event-setup')} disabled={locale === null || !isBasisReady}>
              Continue
            </Button>
          </Footer>
        </>
      );
    case 'event-setup': {
      const isValid = Object.keys(setupErrors(setup)).length === 0;
      return (
        <>
          <EventSetupStep setup={setup} onChange={(update) => setSetup((current) => current && (typeof update === 'function' ? update(current) : update))} />
          <Footer>
            <Button variant="default" onClick={() => setStep(preselected ? 'event-preview' : 'locale-select')}>
              Back
            </Button>
            {basis === 'existing' ? (
              <Button onClick={() => setStep('copy-data')} disabled={!isValid}>
                Continue
              </Button>
            ) : (
              <Button onClick={() => void handleCreate()} disabled={!isValid}>
                Create
              </Button>
            )}
          </Footer>
        </>
      );
    }
    case 'copy-data':
      return (
        <>
          {similarEvent && <CopyDataStep source={copySource} similarEvent={similarEvent} chosen={chosen} onChange={setChosen} />}
          <Footer>
            <Button variant="default" onClick={() => setStep('event-setup')}>
              Back
            </Button>
            <Button onClick={() => void handleCreate()} disabled={copySource.isPending}>
              Create
            </Button>
          </Footer>
        </>
      );
    case 'event-creation':
      return (
        <Center py="xl">
          <Stack align="center" gap="sm">
            <Loader size="md" />
            <Text>{phase === 'claiming' ? 'Claiming URI title' : 'Creating Event Profile'}</Text>
          </Stack>
        </Center>
      );
  }
}

/**
 * Spec 001 §2.5 the event wizard: event-preview, locale-select (skipped when the create-content modal chose the
 * locale), event-setup, copy-data (for a profile based on a similar event) and event-creation, which creates the
 * profile, confirms it by polling and claims its URL slug (§4, §7, §9), then opens it in the editor.
 */
export function EventWizardModal({ opened, onClose, event = null, preselected = null, canCreate = true }: EventWizardModalProps) {
  // A creation under way goes on when the modal is closed: its toasts and the editor still follow.
  return (
    <Modal opened={opened} onClose={onClose} title={canCreate ? 'Create Event Profile' : 'Event Profile'} size="lg" closeOnClickOutside={false}>
      {/* Mounted only while open, so every opening starts at its first step. */}
      {opened && (!canCreate && event ? <ExistingProfiles event={event} onClose={onClose} /> : <WizardSteps onClose={onClose} initialEvent={event} preselected={preselected} />)}
    </Modal>
  );
}
