import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '@editor/domain';
import { installationRulesOf, issuerOf, type Config } from './config.ts';
import type { Database } from './db/database.ts';
import { keepSearchPartitions } from './db/dialects/searchEntries.ts';
import { notFoundBody, registerErrorHandling } from './http/errors.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import { createEarlyAnswers } from './http/earlyAnswers.ts';
import { BODY_LIMIT_BYTES, answerClientError, registerRequestLimits } from './http/requestLimits.ts';
import { registerUnauthenticatedLimit } from './http/unauthenticatedLimit.ts';
import { authPlugin } from './auth/plugin.ts';
import { createTokenVerifier, discoveringTokenVerifier, localKeys, type TokenVerifier } from './auth/tokenVerifier.ts';
import { createSessionRevocations, type SessionRevocations } from './auth/sessionRevocations.ts';
import { createEmbeddedProvider, registerEmbeddedProvider } from './oidc/embeddedProvider.ts';
import { SIGN_IN_POLICY } from './oidc/pages.ts';
import { DEMO_ACCOUNTS } from './demo/demoAccounts.ts';
import { loadOrCreateProviderSecrets } from './oidc/signingKeys.ts';
import { createUsersService } from './modules/users/service.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { STENCILS_DIR, loadStencils } from './modules/stencils/loadStencils.ts';
import { createStencilRegistry, type StencilRegistry } from './modules/stencils/stencilRegistry.ts';
import { createStencilsService } from './modules/stencils/service.ts';
import { stencilsRoutes } from './modules/stencils/routes.ts';
import { createAssetsService } from './modules/assets/service.ts';
import { assetsRoutes } from './modules/assets/routes.ts';
import { revisionsRoutes } from './modules/revisions/routes.ts';
import { createRevisionsService } from './modules/revisions/service.ts';
import { createTrashService } from './modules/revisions/trash.ts';
import { trashRoutes } from './modules/revisions/trashRoutes.ts';
import { createRevisionRetention } from './modules/revisions/retention.ts';
import { createTrashPurge } from './modules/revisions/trashPurge.ts';
import { eventProfileRoutes } from './modules/assets/eventProfileRoutes.ts';
import { assetListRoutes, forgetListsOnWrites } from './modules/assets/list/listRoutes.ts';
import { createListIndexFeed } from './modules/assets/list/listIndex/listIndexFeed.ts';
import { createListService } from './modules/assets/list/listService.ts';
import { openSqliteReadersOf } from './db/dialects/sqliteReaders.ts';
import { listEngineOf } from './db/dialects/listEngines.ts';
import { createLifecycleService } from './modules/lifecycle/service.ts';
import { lifecycleRoutes } from './modules/lifecycle/routes.ts';
import { createPublishingService } from './modules/publishing/service.ts';
import { publishingRoutes } from './modules/publishing/routes.ts';
import { createScheduler } from './modules/publishing/scheduler.ts';
import { createWebhookWorker, wakeWebhookWorkerOnWrites } from './modules/webhooks/worker.ts';
import { openWebhookDatabase } from './modules/webhooks/workerDatabase.ts';
import { createWebhooksService } from './modules/webhooks/service.ts';
import { webhooksRoutes } from './modules/webhooks/routes.ts';
import { queueWebhookEvents } from './modules/webhooks/outbox.ts';
import { createSlugsService } from './modules/slugs/service.ts';
import { slugsRoutes } from './modules/slugs/routes.ts';
import { createImageStore } from './modules/media/imageStore.ts';
import { createBlobStores } from './storage/storageConfig.ts';
import { imageDeliveryOf } from './modules/media/imageDelivery.ts';
import { createCloudinaryImages } from './modules/media/cloudinaryImages.ts';
import { createUploadsService } from './modules/uploads/service.ts';
import { uploadAccountOf } from './modules/uploads/uploadAccount.ts';
import { uploadEndpointRoutes, uploadsRoutes } from './modules/uploads/routes.ts';
import { mediaApiRoutes, mediaRoutes } from './modules/media/routes.ts';
import { embedsRoutes } from './modules/embeds/routes.ts';
import { createEventRecordsService } from './modules/reference-data/eventRecordsService.ts';
import { createMasterDataService } from './modules/reference-data/masterDataService.ts';
import { createReferenceImports } from './modules/reference-data/referenceImports.ts';
import { referenceDataRoutes } from './modules/reference-data/routes.ts';
import { createPlaygroundProjectAssets } from './modules/reference-data/playgroundProjectAssets.ts';
import { createTagsService } from './modules/reference-data/tagsService.ts';
import { createZoeService } from './modules/reference-data/zoeService.ts';
import { createMediaArchive } from './modules/media-archive/archiveStore.ts';
import { mediaArchiveFileRoutes, mediaArchiveRoutes } from './modules/media-archive/routes.ts';
import { createChatCompletionsDescriber } from './modules/image-descriptor/chatCompletionsDescriber.ts';
import { createImageDescriptorService } from './modules/image-descriptor/service.ts';
import { imageDescriptorRoutes } from './modules/image-descriptor/routes.ts';
import { createPreviewService } from './modules/preview/service.ts';
import { previewDocumentRoutes, previewRoutes } from './modules/preview/routes.ts';
import { createChatCompletionsTranslator } from './modules/translation/chatCompletionsTranslator.ts';
import { createTranslationService } from './modules/translation/service.ts';
import { translationRoutes } from './modules/translation/routes.ts';
import { createBulkEditService } from './modules/bulk-edit/service.ts';
import { bulkEditRoutes } from './modules/bulk-edit/routes.ts';
import { createPanelsService } from './modules/panels/service.ts';
import { forgetTrendingOnPublishes, panelsRoutes } from './modules/panels/routes.ts';
import { createEventsService } from './modules/events/service.ts';
import { eventsRoutes } from './modules/events/routes.ts';
import { createLinksService } from './modules/links/service.ts';
import { linksRoutes } from './modules/links/routes.ts';
import { createTagSuggestionsService } from './modules/tag-suggestions/service.ts';
import { tagFeedRoutes } from './modules/tag-feed/routes.ts';
import { tagSuggestionsRoutes } from './modules/tag-suggestions/routes.ts';
import { createImportsService } from './modules/imports/service.ts';
import { importsRoutes } from './modules/imports/routes.ts';
import { resolveWithDns, type ResolveHost } from './http/outboundRequest.ts';
import { isAppRoute, registerAppConfig, registerSilentSignInPage, registerWebApp } from './web/webApp.ts';
import { registerStrictBodies } from './http/strictBodies.ts';
import { registerResponseSerializer } from './http/responseSerializer.ts';
import { markBearerRoutes, registerOpenApi } from './ops/openapi.ts';
import { registerHealth } from './ops/health.ts';
import { createMetrics, registerMetricsRoute, type Metrics } from './ops/metrics.ts';
import fastifyCompress from '@fastify/compress';
import { createAuditLog, type AuditLog } from './modules/audit/auditLog.ts';
import { registerAuditHooks } from './modules/audit/auditHooks.ts';
import { createAuditLogPruner } from './modules/audit/pruner.ts';
import { auditLogRoutes } from './modules/audit/routes.ts';
import { signInUnlockRoutes } from './oidc/signInUnlockRoutes.ts';
import { placesRoutes, staticMapRoutes } from './modules/places/routes.ts';
import { lazyServerSecret } from './db/serverSecrets.ts';
import { createDeliveryKeysService } from './modules/delivery/keysService.ts';
import { createDeliveryService } from './modules/delivery/service.ts';
import { createDocumentMaker } from './modules/delivery/documents.ts';
import { createKeyRateLimiter } from './modules/delivery/rateLimit.ts';
import { createAnswerCache, forgetDeliveryAnswersOnWrites } from './modules/delivery/answerCache.ts';
import { deliveryRoutes } from './modules/delivery/routes.ts';
import { deliveryEarlyReads } from './modules/delivery/earlyReads.ts';
import { createDeliveryGate } from './modules/delivery/gate.ts';
import { deliveryKeyRoutes } from './modules/delivery/keyRoutes.ts';
import { createStaticMaps } from './modules/places/staticMaps.ts';
import { notificationBusOf } from './db/dialects/notificationBus.ts';
import { createLiveHub } from './modules/live/hub.ts';
import { liveRoutes, noteAssetWrites } from './modules/live/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where security-relevant events are recorded; tests flush it before reading the log. */
    auditLog: AuditLog;
    /** The Prometheus metrics (`main.ts` may serve them on their own port). */
    metrics: Metrics;
    /** Turns readiness to 503 (a shutdown has begun); the app goes on serving until it is closed. */
    startDraining(): void;
  }
}

export interface AppDependencies {
  config: Config;
  database: Database;
  /** Replaces the token check of the configured issuer (tests of an external issuer). */
  verifier?: TokenVerifier;
  /** The installed stencils; loaded from `packages/server/stencils` when not given. */
  registry?: StencilRegistry;
  /** Runs the publish scheduler while the app is up (`main.ts`); tests start one explicitly. */
  runScheduler?: boolean;
  /** The clock of the sign-in guard (epoch milliseconds); tests of lockouts pass their own. */
  clock?: () => number;
  /** Where the log goes instead of stdout (tests that read the log). */
  logStream?: NodeJS.WritableStream;
  /** The DNS lookup of outbound requests, imports and webhooks (tests play a name that resolves to a private address). */
  resolveHost?: ResolveHost;
}

export function appConfigOf(config: Config): AppConfig {
  return {
    environment: config.environment,
    oidc: { authority: issuerOf(config), clientId: config.oidcClientId, scope: config.oidcScope },
    links: config.links,
    spaces: config.spaces,
    localizations: config.localizations,
    features: config.features,
    callToActionAddresses: config.callToActionAddresses,
    aiImageDescriptions: config.ai !== undefined,
    spaceLocales: Object.fromEntries(Object.entries(config.spaceLocales).map(([space, locales]) => [space, [...locales]])),
    eventProfileSpaces: config.eventProfileSpaces,
    allowsImageGalleries: installationRulesOf(config).allowsImageGalleries,
    ...(config.cloudinary ? { imageDeliveryBaseUrl: config.cloudinary.deliveryBaseUrl } : {}),
  };
}

async function signInVerifier(app: FastifyInstance, deps: AppDependencies, services: { audit: AuditLog; revocations: SessionRevocations }): Promise<TokenVerifier> {
  const { audit, revocations } = services;
  const { config } = deps;
  if (deps.verifier) return deps.verifier;
  if (config.oidcIssuer) return discoveringTokenVerifier(config.oidcIssuer, config.oidcClientId);
  // No company provider configured: run the embedded one and trust only its own keys.
  const embedded = createEmbeddedProvider({
    issuer: issuerOf(config),
    clientId: config.oidcClientId,
    publicUrl: config.publicUrl,
    secrets: await loadOrCreateProviderSecrets(config.dataDir),
    db: deps.database.db,
    accounts: DEMO_ACCOUNTS,
    spaces: config.spaces,
    localizations: config.localizations,
    ...(deps.clock ? { now: deps.clock } : {}),
    revocations,
    onError: (error) => app.log.error({ err: error }, 'recording an ended sign-in failed'),
    onSignIn: (attempt) =>
      audit.record({
        event: attempt.outcome === 'success' ? 'sign-in' : 'sign-in-failed',
        outcome: attempt.outcome,
        userId: attempt.outcome === 'success' ? attempt.username : undefined,
        clientAddress: attempt.address,
        target: attempt.username,
        detail: attempt.reason ? { reason: attempt.reason } : {},
      }),
  });
  await registerEmbeddedProvider(app, embedded);
  return createTokenVerifier({ issuer: issuerOf(config), audience: config.oidcClientId, keys: localKeys(embedded.jwks), algorithms: ['RS256'] });
}

/** Builds the whole server from its configuration; `main.ts` listens on it, tests inject into it. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const earlyAnswers = createEarlyAnswers();
  const app = Fastify({
    serverFactory: earlyAnswers.serverFactory,
    logger: { level: config.logLevel, redact: ['req.headers.authorization'], ...(deps.logStream ? { stream: deps.logStream } : {}) },
    // X-Forwarded-* only from the configured proxies: anyone else could name their own address or host.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: BODY_LIMIT_BYTES,
    clientErrorHandler: (error, socket) => answerClientError(error, socket, { isHttps: config.publicUrl.startsWith('https:') }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  registerResponseSerializer(app);
  registerErrorHandling(app);
  registerRequestLimits(app);
  registerStrictBodies(app);
  registerUnauthenticatedLimit(app, { now: deps.clock });
  // JSON answers above 1 KB go compressed (brotli or gzip, as the client accepts); the built app's files come pre-compressed.
  await app.register(fastifyCompress, { threshold: 1024, global: true });
  await registerOpenApi(app);
  const metrics = createMetrics(app, { database });
  app.decorate('metrics', metrics);
  registerMetricsRoute(app, { metrics, token: config.metricsToken });
  let isDraining = false;
  app.decorate('startDraining', () => {
    isDraining = true;
  });
  app.addHook('preClose', async () => {
    isDraining = true;
  });
  // The list index is made further down; readiness asks it only once requests come.
  registerHealth(app, { database, isDraining: () => isDraining, isListIndexBuilt: () => listIndex.isBuilt() });
  registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    issuer: issuerOf(config),
    imageDeliveryBaseUrl: appConfigOf(config).imageDeliveryBaseUrl,
    // The browser posts image files straight to Cloudinary when an account is configured.
    connectTo: config.cloudinary ? [new URL(config.cloudinary.apiUrl).origin] : [],
    signInPolicy: SIGN_IN_POLICY,
  });

  const audit = createAuditLog({ db: database.db, onError: (error) => app.log.error({ err: error }, 'writing an audit log entry failed') });
  app.decorate('auditLog', audit);
  registerAuditHooks(app, audit);
  app.addHook('onClose', async () => audit.flush());
  if (deps.runScheduler) {
    const pruner = createAuditLogPruner({
      db: database.db,
      retentionDays: config.auditLogRetentionDays,
      onError: (error) => app.log.error({ err: error }, 'pruning the audit log failed'),
    });
    app.addHook('onReady', async () => pruner.start());
    app.addHook('onClose', async () => pruner.stop());
  }
  if (deps.runScheduler) {
    const purge = createTrashPurge({
      db: database.db,
      retentionDays: config.trashRetentionDays,
      removeUploads: (purged) => uploads.removeUploadsOfVersion(purged),
      onError: (error) => app.log.error({ err: error }, 'letting go of old trash entries failed'),
    });
    app.addHook('onReady', async () => purge.start());
    app.addHook('onClose', async () => purge.stop());
  }
  if (deps.runScheduler && config.revisionRetentionDays !== undefined) {
    const retention = createRevisionRetention({ db: database.db, retentionDays: config.revisionRetentionDays, onError: (error) => app.log.error({ err: error }, 'thinning old revisions failed') });
    app.addHook('onReady', async () => retention.start());
    app.addHook('onClose', async () => retention.stop());
  }

  const revocations = createSessionRevocations({ db: database.db });
  if (deps.runScheduler) {
    const pruner = revocations.createPruner((error) => app.log.error({ err: error }, 'pruning the revoked sessions failed'));
    app.addHook('onReady', async () => pruner.start());
    app.addHook('onClose', async () => pruner.stop());
  }
  const verifier = await signInVerifier(app, deps, { audit, revocations });
  const users = createUsersService(database.db);
  const registry = deps.registry ?? createStencilRegistry(loadStencils(STENCILS_DIR));
  const installation = installationRulesOf(config);
  const stencils = createStencilsService({ registry, enabledFeatures: config.features, installation });
  const stores = createBlobStores({ storage: config.storage, dataDir: config.dataDir });
  const images = createImageStore({ dataDir: config.dataDir, originals: stores.originals, renditionCacheMaxBytes: config.renditionCacheMaxBytes });
  // Where image URLs point and which images the media call, thumbnails and descriptions read: the account's, if any.
  const delivery = imageDeliveryOf(config);
  const account = config.cloudinary ? createCloudinaryImages({ account: config.cloudinary, dataDir: config.dataDir }) : undefined;
  const archive = createMediaArchive({ db: database.db, dataDir: config.dataDir, storage: config.storage });
  const uploads = createUploadsService({ db: database.db, images, account: await uploadAccountOf(config, database.db), spaces: config.spaces, publicUrl: config.publicUrl });
  const assets = createAssetsService({
    db: database.db,
    dialect: database.dialect,
    stencils: registry,
    localizations: config.localizations,
    spaces: config.spaces,
    enabledFeatures: config.features,
    installation,
    previewExcludedSpaces: config.previewExcludedSpaces,
    queueChangeEvents: queueWebhookEvents,
  });

  const publishing = createPublishingService({ db: database.db, assets, stencils: registry });
  if (deps.runScheduler && config.schedulerIntervalMs > 0) {
    const scheduler = createScheduler({
      db: database.db,
      dialect: database.dialect,
      publishing,
      intervalMs: config.schedulerIntervalMs,
      onError: (error) => app.log.error({ err: error }, 'publish scheduler run failed'),
      // Scheduled publishes and unpublishes reach the open editors and lists as a publish through the API does.
      onVersionsChanged: (versions) => {
        for (const version of versions) live.noteWrite({ assetId: version.assetId, locale: version.locale }).catch((error: unknown) => app.log.error({ err: error }, 'recording a live update failed'));
      },
    });
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  }
  if (deps.runScheduler && config.webhookIntervalMs > 0) {
    const webhookDatabase = await openWebhookDatabase(database);
    const webhookWorker = createWebhookWorker({
      db: webhookDatabase.db,
      dialect: database.dialect,
      publicUrl: config.publicUrl,
      allowedHosts: config.webhookAllowedHosts,
      resolve: deps.resolveHost ?? resolveWithDns,
      timeoutMs: config.webhookTimeoutMs,
      intervalMs: config.webhookIntervalMs,
      onError: (error) => app.log.error({ err: error }, 'webhook delivery run failed'),
    });
    app.addHook('onReady', async () => webhookWorker.start());
    app.addHook('onClose', async () => webhookWorker.stop().finally(webhookDatabase.close));
    wakeWebhookWorkerOnWrites(app, webhookWorker);
  }
  if (deps.runScheduler && database.dialect === 'postgres') {
    let stopPartitions: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stopPartitions = keepSearchPartitions(database.db, (error) => app.log.error({ err: error }, 'adding search partitions failed'));
    });
    app.addHook('onClose', async () => stopPartitions?.());
  }

  const translation = createTranslationService({
    db: database.db,
    assets,
    translator: config.ai ? createChatCompletionsTranslator(config.ai) : undefined,
    localizations: config.localizations,
    onAiFailure: (error) => app.log.warn({ err: error }, 'AI translation failed'),
  });
  const bulkEdit = createBulkEditService({ assets, publishing });
  // The content repository's tags, with each playground project's tag asset; on the app, so that the demo seed writes through it too.
  const projectAssets = createPlaygroundProjectAssets({ db: database.db, dialect: database.dialect, assets, locale: config.localizations.includes('en') ? 'en' : (config.localizations[0] ?? 'en') });
  app.decorate('tagRecords', createTagsService({ db: database.db, audit, projectAssets }));

  registerAppConfig(app, appConfigOf(config));
  registerSilentSignInPage(app);
  // Public like a CDN: browsers load images in <img> without a bearer token.
  await app.register(mediaRoutes, { images, account, publicUrl: config.publicUrl });
  // Public like image delivery: players and <img> load the archive's files without a bearer token.
  await app.register(mediaArchiveFileRoutes, { archive, publicUrl: config.publicUrl });
  // Public like the media route: the signed form is the upload's authorisation.
  await app.register(uploadEndpointRoutes, { uploads });
  // An upload takes minutes at most; a temporary file a day old was left by an instance that stopped.
  app.addHook('onReady', async () => {
    await images.removeStaleTemporaryFiles(24 * 60 * 60 * 1000);
  });
  const preview = createPreviewService({ db: database.db, assets, delivery });
  // Public like the media route: the preview frame sends no bearer token; the expiring random token is the key.
  await app.register(previewDocumentRoutes, { preview });

  const readers = database.dialect === 'sqlite' ? await openSqliteReadersOf(database.db, config.sqliteReaders) : undefined;
  if (readers) app.addHook('onClose', async () => readers.destroy());
  const listIndex = createListIndexFeed({ db: database.db, readDb: readers ?? database.db, hasSearchKeys: true, log: (message) => app.log.info(message) });
  app.addHook('onReady', () => listIndex.start());
  const list = createListService({ db: database.db, readDb: readers, engine: listEngineOf(database.dialect), allSpaces: config.spaces, stencils: registry, assets, cacheMs: config.listCacheMs, matchCacheBytes: config.searchMatchCacheMb * 2 ** 20, listIndex });
  forgetListsOnWrites(app, list);
  const panels = createPanelsService({ db: database.db, cards: list, assets, delivery });
  forgetTrendingOnPublishes(app, panels);
  // The delivery API answers delivery keys, never a sign-in: it stays outside the bearer context below.
  const deliveryClock = () => new Date(deps.clock?.() ?? Date.now());
  const deliveryKeys = createDeliveryKeysService({ db: database.db, audit, spaces: config.spaces, locales: config.localizations, now: deliveryClock });
  const deliveryCursorKey = lazyServerSecret(database.db, 'delivery-cursor');
  // Made at start, so that no read of the delivery API writes (the first list call would make it otherwise).
  app.addHook('onReady', async () => {
    await deliveryCursorKey();
  });
  const deliveryApi = createDeliveryService({
    db: database.db,
    readDb: readers,
    dialect: database.dialect,
    stencils: registry,
    images: delivery,
    allSpaces: config.spaces,
    allLocales: config.localizations,
    cursorKey: deliveryCursorKey,
    now: deliveryClock,
  });
  // Ready documents of published versions, made in the background whatever changed them (migration 034).
  const deliveryDocuments = createDocumentMaker({
    db: database.db,
    dialect: database.dialect,
    make: deliveryApi.makeDocuments,
    fingerprint: deliveryApi.fingerprint,
    now: deliveryClock,
    onError: (error) => app.log.error({ err: error }, 'making ready delivery documents failed'),
  });
  app.addHook('onReady', async () => deliveryDocuments.start());
  app.addHook('onClose', async () => deliveryDocuments.stop());
  app.addHook('onClose', async () => deliveryApi.close());
  const deliveryAnswers = createAnswerCache({ ttlMs: config.delivery.answerCacheMs, now: deps.clock });
  forgetDeliveryAnswersOnWrites(app, deliveryAnswers, deliveryDocuments.wake);
  // Presence and live updates: LISTEN/NOTIFY between instances on PostgreSQL, in the process on SQLite (docs/editor.md#presence-and-live-updates).
  const live = createLiveHub({ db: database.db, bus: notificationBusOf(database), now: deps.clock, onError: (error) => app.log.error({ err: error }, 'live updates failed') });
  app.addHook('onReady', async () => live.start());
  app.addHook('preClose', async () => live.endStreams());
  app.addHook('onClose', async () => live.stop());
  noteAssetWrites(app, live, (error) => app.log.error({ err: error }, 'recording a live update failed'));
  const deliveryGate = createDeliveryGate({
    delivery: deliveryApi,
    keys: deliveryKeys,
    limiter: createKeyRateLimiter({ now: deps.clock }),
    answers: deliveryAnswers,
    config: config.delivery,
    isHttps: config.publicUrl.startsWith('https:'),
  });
  earlyAnswers.add(deliveryEarlyReads({ gate: deliveryGate, metrics, log: app.log }));
  await app.register(deliveryRoutes, { gate: deliveryGate });
  await app.register(async (api) => {
    markBearerRoutes(api);
    await api.register(authPlugin, { verifier, revocations, onIdentity: users.syncUser });
    await api.register(usersRoutes, { users, revocations });
    await api.register(stencilsRoutes, { stencils });
    await api.register(assetsRoutes, { assets, delivery });
    await api.register(revisionsRoutes, { revisions: createRevisionsService({ db: database.db, dialect: database.dialect, assets, enabledFeatures: config.features }), assets });
    await api.register(trashRoutes, { trash: createTrashService({ db: database.db, dialect: database.dialect, stencils: registry }) });
    await api.register(eventProfileRoutes, { assets });
    await api.register(uploadsRoutes, { uploads });
    await api.register(assetListRoutes, { list, assets, delivery });
    await api.register(lifecycleRoutes, { lifecycle: createLifecycleService({ db: database.db, assets }) });
    await api.register(publishingRoutes, { publishing, assets });
    await api.register(slugsRoutes, { slugs: createSlugsService({ db: database.db, assets }) });
    await api.register(previewRoutes, { preview });
    await api.register(translationRoutes, { translation, assets });
    await api.register(bulkEditRoutes, { bulkEdit });
    await api.register(panelsRoutes, { panels, users });
    await api.register(eventsRoutes, { events: createEventsService({ db: database.db, now: () => new Date(deps.clock?.() ?? Date.now()) }) });
    await api.register(linksRoutes, { links: createLinksService({ db: database.db, templates: config.assetLinks, assets }) });
    await api.register(tagSuggestionsRoutes, { tagSuggestions: createTagSuggestionsService({ db: database.db }) });
    await api.register(tagFeedRoutes, { db: database.db, projectAssets });
    await api.register(importsRoutes, {
      imports: createImportsService({ db: database.db, dialect: database.dialect, assets, spaces: config.spaces, allowedHosts: config.importAllowedHosts, resolve: deps.resolveHost ?? resolveWithDns }),
    });
    await api.register(auditLogRoutes, { db: database.db });
    await api.register(signInUnlockRoutes, { db: database.db, audit });
    await api.register(deliveryKeyRoutes, { keys: deliveryKeys });
    await api.register(webhooksRoutes, { webhooks: createWebhooksService({ db: database.db, spaces: config.spaces, allowedHosts: config.webhookAllowedHosts, audit }), publicUrl: config.publicUrl });
    await api.register(mediaApiRoutes, { images, account, archive });
    await api.register(embedsRoutes, { db: database.db });
    await api.register(referenceDataRoutes, {
      events: createEventRecordsService({ db: database.db, audit, spaces: config.spaces }),
      masterData: createMasterDataService({ db: database.db, audit, spaces: config.spaces, locales: config.localizations, stencils: registry }),
      zoe: createZoeService({ db: database.db, audit }),
      tags: app.tagRecords,
      imports: createReferenceImports(),
    });
    await api.register(liveRoutes, { hub: live });
    await api.register(mediaArchiveRoutes, { archive });
    await api.register(placesRoutes);
    await api.register(staticMapRoutes, { maps: createStaticMaps({ onFailure: (error) => app.log.error({ err: error }, 'the static map worker failed') }) });
    const imageDescriptor = createImageDescriptorService({
      assets,
      images,
      account,
      describer: config.ai ? createChatCompletionsDescriber(config.ai) : undefined,
      isUploadOfAsset: uploads.isUploadOfAsset,
      isVisibleArchiveImage: ({ referenceId, rights }) => archive.isVisibleImage(rights, referenceId),
      onAiFailure: (error) => app.log.warn({ err: error }, 'AI image description failed'),
    });
    await api.register(imageDescriptorRoutes, { imageDescriptor });
  });

  const servesWebApp = await registerWebApp(app, config.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    if (servesWebApp && request.method === 'GET' && isAppRoute(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });
  return app;
}
