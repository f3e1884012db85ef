import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Grid, Stack } from '@mantine/core';
import { useHistoryIndex, useNavigate } from '../../router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import { editorActions, type AssetVersion } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { assetEditorPath } from '../../router/routes.ts';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { fieldRulesOf, FieldRulesContext } from '../../inputs/field/FieldRulesContext.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { describeError } from '../../ui/describeError.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { ActionBar } from './ActionBar.tsx';
import { ContentArea } from './ContentArea.tsx';
import { SidePanel } from './SidePanel.tsx';
import { fetchVersion, snapshotOf, type EditorAsset } from './api/editorCalls.ts';
import { useLocalDraft } from './drafts/useLocalDraft.ts';
import { ConflictModal } from './modals/ConflictModal.tsx';
import { DraftModal } from './modals/DraftModal.tsx';
import { LeaveModal } from './modals/LeaveModal.tsx';
import { useSaveAsset, type EditorBase, type SaveOutcome } from './save/useSaveAsset.ts';
import { EditorStoreProvider, useEditor } from '../../editor-state/EditorStoreContext.tsx';
import { createEditorStore } from '../../editor-state/editorStore.ts';
import { useBackToToast } from './useBackToToast.tsx';
import { useDeleteAsset } from './useDeleteAsset.tsx';
import { LEAVE_TEXTS, useLeaveGuard } from './useLeaveGuard.ts';
import { ShipModal } from './ship/ShipModal.tsx';
import { useQuickActionParams } from '../../router/useQuickActionParams.ts';
import { PublishModal, type PublishContentChanges, type PublishModalProps } from '../publishing/PublishModal.tsx';
import { BulkEditBanner } from '../bulk-edit/BulkEditBanner.tsx';
import { useBulkEditMode } from '../bulk-edit/BulkEditContext.tsx';
import { BulkEditProvider } from '../bulk-edit/BulkEditProvider.tsx';
import { InheritDataAdornments } from './modals/InheritDataAdornment.tsx';
import { UnpublishModal } from '../../parts/publishing/UnpublishModal.tsx';
import { AiFieldReview } from '../translation/AiFieldReview.tsx';
import { AiReviewBanner } from '../translation/AiReviewBanner.tsx';
import { CONFIRMED_AI_REVIEW } from '../../editor-state/aiReview.ts';
import { TranslateModal } from '../translation/TranslateModal.tsx';
import { translationTargets } from '../translation/translationTargets.ts';
import { useAiTranslateQuickAction } from '../translation/useAiTranslateQuickAction.ts';
import { LiveBanner } from '../live/LiveBanner.tsx';
import { LiveFields } from '../live/LiveFields.tsx';
import { PresenceAvatars } from '../live/PresenceAvatars.tsx';
import { LiveChangeNotice, LiveChangesModal } from './live/LiveChangeNotice.tsx';
import { useLiveEditor } from './live/useLiveEditor.ts';

/** How long the Save button reads 'Saved' after a save. */
const SAVED_LABEL_MS = 2000;

const canEditVersion = (version: AssetVersion) => version._links.self.methods.includes('PUT');
const baseOf = (version: AssetVersion): EditorBase => ({ version: version._meta.version, updatedDate: version._meta.updatedDate });

/** The asset editor for one loaded version (spec 002 §2): action bar, content tabs, side panel, and the save flows. */
export function AssetEditor({ initial }: { initial: EditorAsset }) {
  const { stencil } = initial;
  const [version, setVersion] = useState(initial.version);
  const [store] = useState(() =>
    createEditorStore({
      inputs: stencil.inputs,
      original: snapshotOf(initial.version),
      showAllErrors: Boolean(initial.version._meta.updatedDate),
      isReadonly: !canEditVersion(initial.version),
    }),
  );
  const versionRef = useRef(version);
  useLayoutEffect(() => {
    versionRef.current = version;
  }, [version]);
  const baseRef = useRef<EditorBase>(baseOf(initial.version));
  const getVersion = useCallback(() => versionRef.current, []);
  const getBase = useCallback(() => baseRef.current, []);
  const getBasedOnVersion = useCallback(() => baseRef.current.version, []);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { id, localization: locale } = version;

  const onServerVersion = useCallback(
    (next: AssetVersion) => {
      baseRef.current = baseOf(next);
      setVersion(next);
      queryClient.setQueryData(queryKeys.editorAsset(next.id, next.localization), { version: next, stencil });
      void queryClient.invalidateQueries({ queryKey: queryKeys.assetLists(), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.revisions(next.id, next.localization) });
    },
    [queryClient, stencil],
  );

  const api = useApiClient();
  /**
   * After a change outside the content (spaces, embargo) the version is read again for its links and about data. A
   * clean editor moves to it; with unsaved changes the base stays, so a newer version shows up as a conflict on save.
   */
  const refreshVersion = useCallback(async () => {
    const latest = await fetchVersion(api, { id: versionRef.current.id, locale: versionRef.current.localization });
    if (store.getState().changes.length === 0) {
      store.getState().rebase(snapshotOf(latest));
      onServerVersion(latest);
    } else {
      setVersion(latest);
    }
  }, [api, onServerVersion, store]);

  const { save, isSaving, conflict } = useSaveAsset({ store, getVersion, getBase, onServerVersion });
  const saveButton = useSaveButtonState(save, isSaving);
  const live = useLiveEditor({ version, stencil, store, getBase, onServerVersion, isSaving });
  const draft = useLocalDraft({ store, id, locale, getBase, onLoadDraft: (base) => (baseRef.current = base) });
  const leave = useLeaveGuard({ store, save });
  const { confirmDelete } = useDeleteAsset({ onDeleted: () => void navigate('/', { replace: true }) });
  const quickAction = useQuickActionParams();
  useAiTranslateQuickAction({ quickAction, id, source: locale });
  const [dialog, setDialog] = useState<'publish' | 'unpublish' | 'translate' | 'ship' | null>(null);
  const closeAsset = useCloseAsset();
  /** Publish and unpublish answer the new version; the editor moves to it (it was clean to be offered them). */
  const takeServerVersion = useCallback(
    (next: AssetVersion) => {
      store.getState().rebase(snapshotOf(next));
      onServerVersion(next);
    },
    [store, onServerVersion],
  );
  /**
   * Bulk edit saved the open locale: its new version becomes the base. Edits of properties that were not sent stay;
   * those that were sent now equal the server's and stop counting as changes.
   */
  const reloadAfterBulkEdit = useCallback(async () => {
    const latest = await fetchVersion(api, { id: versionRef.current.id, locale: versionRef.current.localization });
    store.getState().rebase(snapshotOf(latest), { keepEdits: true });
    onServerVersion(latest);
  }, [api, onServerVersion, store]);
  const saveFirst = useCallback(
    async (changes: PublishContentChanges) => {
      for (const [name, value] of Object.entries(changes)) store.getState().setValue([name], value);
      return (await save()) === 'saved';
    },
    [store, save],
  );
  useBackToToast({ path: assetEditorPath({ id, locale }), title: version._meta.title, onBack: (path) => void navigate(path) });

  return (
    <EditorStoreProvider store={store}>
      <BulkEditProvider
        version={version}
        stencil={stencil}
        onOpenLocaleUpdated={() => void reloadAfterBulkEdit().catch((error: unknown) => showToast({ kind: 'error', message: describeError(error).message }))}
      >
        <EditorLayout
          version={version}
          stencil={stencil}
          isSaving={isSaving}
          saveState={saveButton.state}
          onSave={() => void saveButton.saveAndFlash()}
          onDelete={() => confirmDelete(version)}
          onRefresh={refreshVersion}
          onPublish={() => setDialog('publish')}
          onUnpublish={() => setDialog('unpublish')}
          onTranslate={() => setDialog('translate')}
          onShip={() => setDialog('ship')}
          onClose={closeAsset}
          onAcceptAi={() => void save({ meta: CONFIRMED_AI_REVIEW })}
          getBasedOnVersion={getBasedOnVersion}
          onServerVersion={onServerVersion}
          liveNotice={
            <>
              <LiveBanner />
              <LiveChangeNotice live={live} />
            </>
          }
        />
      </BulkEditProvider>
      <LiveChangesModal live={live} />
      <EditorPublishModal
        opened={dialog === 'publish'}
        version={version}
        stencil={stencil}
        onClose={() => setDialog(null)}
        onSaveFirst={saveFirst}
        onPublished={takeServerVersion}
      />
      <UnpublishModal opened={dialog === 'unpublish'} target={version} onClose={() => setDialog(null)} onUnpublished={takeServerVersion} />
      <TranslateModal opened={dialog === 'translate'} version={version} stencil={stencil} onClose={() => setDialog(null)} />
      <ShipModal opened={dialog === 'ship'} version={version} stencil={stencil} onClose={() => setDialog(null)} onShipped={() => void refreshVersion().catch(() => undefined)} />
      <ConflictModal conflict={conflict} />
      <DraftModal draft={draft.offered} onDiscard={draft.discardDraft} onLoad={draft.loadDraft} />
      <LeaveModal opened={leave.isOpen} isSaving={leave.isSaving} onStay={leave.stay} onDiscard={leave.discard} onSave={() => void leave.save()} />
    </EditorStoreProvider>
  );
}

const NO_VALUES: Readonly<Record<string, unknown>> = {};

/**
 * The publish modal with the editor's values, read here and only while it is open: a subscription in the editor
 * itself would re-render the whole editor on every change that reaches the store while typing.
 */
function EditorPublishModal(props: Omit<PublishModalProps, 'values'>) {
  const values = useEditor((state) => (props.opened ? state.values : NO_VALUES));
  return <PublishModal {...props} values={values} />;
}

interface EditorLayoutProps {
  version: AssetVersion;
  stencil: EditorAsset['stencil'];
  isSaving: boolean;
  saveState: 'idle' | 'saving' | 'saved';
  onSave: () => void;
  onDelete: () => void;
  onRefresh: () => Promise<void>;
  onPublish: () => void;
  onUnpublish: () => void;
  onTranslate: () => void;
  onShip: () => void;
  onClose: () => void;
  /** The AI review banner's Accept: saves with the translation confirmed. */
  onAcceptAi: () => void;
  getBasedOnVersion: () => number;
  onServerVersion: (version: AssetVersion) => void;
  /** Live updates: whether they are off, and a newer version another person saved. */
  liveNotice: ReactNode;
}

function EditorLayout(props: EditorLayoutProps) {
  const { version, stencil, isSaving, saveState, onSave, onDelete, onRefresh, onPublish, onUnpublish, onTranslate, onShip, onClose, onAcceptAi, getBasedOnVersion, onServerVersion, liveNotice } = props;
  const api = useApiClient();
  const { effectiveRights } = useCurrentUser();
  const { localizations, spaceLocales } = useAppConfig();
  // Whether anything changed, not how much: an edit changes the count, and the layout need not render again for it.
  const isDirty = useEditor((state) => state.changes.length > 0);
  const errorCount = useEditor((state) => state.errors.length);
  const isReadonly = useEditor((state) => state.isReadonly);
  const discard = useEditor((state) => state.discard);
  const [isBookmarked, setIsBookmarked] = useState(version._embedded.about._meta.bookmarked);
  const bulkEdit = useBulkEditMode();

  const translatable = translationTargets({ appLocalizations: localizations, version, stencil, rights: effectiveRights, spaceLocales }).length > 0;
  const isAiReview = version._meta.aiTranslationNeedsConfirmation;
  // Shipping copies saved values: offered on a clean version that has other locales (docs/decisions.md).
  const canShip = version._links['p:ship'].methods.includes('PATCH') && !isDirty && version._embedded.about._meta.localizations.length > 1;
  const actions = editorActions({
    status: version._meta.status,
    isDirty,
    errorCount,
    isEditable: !isReadonly,
    isDeletable: version._links.self.methods.includes('DELETE'),
    isPublishable: version._links['p:publish'].methods.includes('POST'),
    isDepublishable: version._links['p:depublish'].methods.includes('POST'),
    canTranslate: translatable,
    isSaving,
    needsAiConfirmation: isAiReview,
  });

  const isSlugClaimPending = version._meta.uriSlugClaimPending === true;
  const fieldRules = useMemo(
    () => fieldRulesOf({ rights: effectiveRights, isPublished: version._meta.published, isSlugClaimPending }),
    [effectiveRights, version._meta.published, isSlugClaimPending],
  );

  async function toggleBookmark() {
    const next = !isBookmarked;
    setIsBookmarked(next);
    try {
      await api.send({ method: next ? 'PUT' : 'DELETE', path: version._links['p:bookmark'].href });
    } catch (error) {
      // Spec 000 §4: the optimistic flip goes back when the call fails.
      setIsBookmarked(!next);
      showToast({ kind: 'error', message: describeError(error).message });
    }
  }

  return (
    <FieldRulesContext.Provider value={fieldRules}>
      <Stack gap="md">
        <ActionBar
          version={version}
          stencil={stencil}
          actions={actions}
          isReadonly={isReadonly}
          errorCount={errorCount}
          isBookmarked={isBookmarked}
          saveState={saveState}
          onSave={onSave}
          onDiscard={() => {
            discard();
            showToast({ kind: 'warning', message: LEAVE_TEXTS.discarded });
          }}
          onDelete={onDelete}
          onToggleBookmark={() => void toggleBookmark()}
          onPublish={onPublish}
          onUnpublish={onUnpublish}
          onTranslate={onTranslate}
          isBulkEditing={bulkEdit.isOn}
          onBulkEdit={bulkEdit.toggleMode}
          canShip={canShip}
          onShip={onShip}
          onClose={onClose}
          presence={<PresenceAvatars assetId={version.id} locale={version.localization} />}
        />
        {liveNotice}
        <BulkEditBanner />
        {isAiReview && (
          <AiReviewBanner
            canAccept={!isReadonly}
            canDelete={actions.delete}
            isSaving={isSaving}
            onAccept={onAcceptAi}
            onDelete={onDelete}
          />
        )}
        <EditorColumns
          version={version}
          stencil={stencil}
          onRefresh={onRefresh}
          getBasedOnVersion={getBasedOnVersion}
          onServerVersion={onServerVersion}
        />
      </Stack>
    </FieldRulesContext.Provider>
  );
}

type EditorColumnsProps = Pick<EditorLayoutProps, 'version' | 'stencil' | 'onRefresh' | 'getBasedOnVersion' | 'onServerVersion'>;

/**
 * The content and the side panel. Memoised apart from the action bar: the bar follows the counts of changes and
 * errors, and the UI kit's grid hands its subtree a new context value at every render, after which React searches
 * every field of the content (a story's thousand elements) for readers.
 */
const EditorColumns = memo(function EditorColumns({ version, stencil, onRefresh, getBasedOnVersion, onServerVersion }: EditorColumnsProps) {
  const [expanded, setExpanded] = useState<'none' | 'content' | 'side'>('none');
  const isAiReview = version._meta.aiTranslationNeedsConfirmation;
  return (
    <Grid gap="md">
      {expanded !== 'side' && (
        <Grid.Col span={expanded === 'content' ? 12 : { base: 12, md: 7 }}>
          <AiFieldReview isActive={isAiReview}>
            <InheritDataAdornments stencil={stencil}>
              <LiveFields assetId={version.id} locale={version.localization}>
                <ContentArea stencil={stencil} isExpanded={expanded === 'content'} onToggleExpanded={() => setExpanded(expanded === 'content' ? 'none' : 'content')} />
              </LiveFields>
            </InheritDataAdornments>
          </AiFieldReview>
        </Grid.Col>
      )}
      {expanded !== 'content' && (
        <Grid.Col span={expanded === 'side' ? 12 : { base: 12, md: 5 }}>
          <SidePanel
            version={version}
            stencil={stencil}
            isExpanded={expanded === 'side'}
            onToggleExpanded={() => setExpanded(expanded === 'side' ? 'none' : 'side')}
            onRefresh={onRefresh}
            getBasedOnVersion={getBasedOnVersion}
            onServerVersion={onServerVersion}
          />
        </Grid.Col>
      )}
    </Grid>
  );
});

/** Spec 000 §2: leaving an asset goes back in history when the app has one, otherwise to /. The leave guard still applies. */
function useCloseAsset() {
  const navigate = useNavigate();
  // The router numbers this tab's entries (a replace keeps the number): 0 means the editor was opened first (a link,
  // a new tab).
  const hasAppHistory = useHistoryIndex() > 0;
  return useCallback(() => void (hasAppHistory ? navigate(-1) : navigate('/')), [navigate, hasAppHistory]);
}

/** 'Saving...' while saving, then 'Saved' for a moment after a save that worked (spec 002 §4). */
function useSaveButtonState(save: () => Promise<SaveOutcome>, isSaving: boolean) {
  const [justSaved, setJustSaved] = useState(false);
  useEffect(() => {
    if (!justSaved) return undefined;
    const timer = setTimeout(() => setJustSaved(false), SAVED_LABEL_MS);
    return () => clearTimeout(timer);
  }, [justSaved]);
  const state: 'idle' | 'saving' | 'saved' = isSaving ? 'saving' : justSaved ? 'saved' : 'idle';
  return {
    state,
    async saveAndFlash() {
      if ((await save()) === 'saved') setJustSaved(true);
    },
  };
}
