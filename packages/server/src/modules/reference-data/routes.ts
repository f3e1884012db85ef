import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  EVENT_RECORDS_PATH,
  MASTER_DATA_RECORDS_PATH,
  TAG_RECORDS_PATH,
  ZOE_RECORDS_PATH,
  canManageReferenceData,
  eventImportPreviewSchema,
  eventRecordBatchSchema,
  eventRecordBodySchema,
  eventRecordInputSchema,
  eventRecordPatchSchema,
  eventRecordSchema,
  externalIdSchema,
  masterDataBodySchema,
  masterDataImportPreviewSchema,
  masterDataInputSchema,
  masterDataKeySchema,
  masterDataPatchSchema,
  masterDataRecordSchema,
  referenceImportBodySchema,
  tagImportPreviewSchema,
  tagRecordBodySchema,
  tagRecordInputSchema,
  tagRecordPatchSchema,
  tagRecordSchema,
  tagReferenceSchema,
  upsertBatchResultSchema,
  zoeIdSchema,
  zoeImportPreviewSchema,
  zoeRecordBodySchema,
  zoeRecordInputSchema,
  zoeRecordPatchSchema,
  zoeRecordSchema,
  UPSERT_OUTCOMES,
} from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import type { EventRecordsService } from './eventRecordsService.ts';
import type { MasterDataService } from './masterDataService.ts';
import type { ReferenceImports } from './referenceImports.ts';
import { eventRecordHref, masterDataHref, presentEventRecord, presentMasterDataRecord, presentTagRecord, presentZoeRecord, tagHref, zoeHref } from './presenter.ts';
import type { TagsService } from './tagsService.ts';
import type { ZoeService } from './zoeService.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content repository's tags, which the demo seed writes through too. */
    tagRecords: TagsService;
  }
}

/** A file to read may be larger than an ordinary body (REFERENCE_IMPORT_MAX_CHARS characters, some of several bytes). */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

const upsertAnswer = <T extends z.ZodType>(data: T) => z.object({ outcome: z.enum(UPSERT_OUTCOMES).exclude(['failed']), data });
const eventParams = z.object({ id: z.string().min(1).max(64) });
const externalIdParams = z.object({ externalId: externalIdSchema });
const zoeParams = z.object({ id: zoeIdSchema });
const batchSchema = eventRecordBatchSchema;

/** The request's writer, if it may write reference data (technical admins and service accounts); 403 otherwise. */
function recordWriter(request: FastifyRequest) {
  const auth = requireAuth(request);
  if (!canManageReferenceData(auth.rights)) throw forbidden('Only technical admins and service accounts may write events, master data, ZOE localizations and tags.');
  return { rights: auth.rights, editor: { userId: auth.identity.id, name: auth.identity.name, clientAddress: request.ip } };
}

/**
 * `/api/v1/reference-data`: what the demo seed fills otherwise, written by technical admins and service accounts:
 * events (Event Opportunities, the event wizard, event profiles), the master data of the import by domain, model and
 * id, ZOE localizations, and the content repository's tags with their playground projects. Each kind is read, created, changed, deleted and upserted by its external id, one at a
 * time or in batches; `…/import-preview` reads a file (iCalendar, CSV, JSON) into items row by row. Every change is
 * written to the audit log.
 */
export const referenceDataRoutes: FastifyPluginAsyncZod<{ events: EventRecordsService; masterData: MasterDataService; zoe: ZoeService; tags: TagsService; imports: ReferenceImports }> = async (
  app,
  { events, masterData, zoe, tags, imports },
) => {
  // Events: by the events store's id; upserted by the source's external id.
  app.post(EVENT_RECORDS_PATH, { schema: { body: eventRecordInputSchema, response: { 201: eventRecordSchema } } }, async (request, reply) => {
    const { rights, editor } = recordWriter(request);
    const row = await events.create(editor, request.body);
    return reply.code(201).header('location', eventRecordHref(row)).send(presentEventRecord(row, rights));
  });
  app.get(`${EVENT_RECORDS_PATH}/:id`, { schema: { params: eventParams, response: { 200: eventRecordSchema } } }, async (request) => {
    const { rights } = recordWriter(request);
    return presentEventRecord(await events.get(request.params.id), rights);
  });
  app.patch(`${EVENT_RECORDS_PATH}/:id`, { schema: { params: eventParams, body: eventRecordPatchSchema, response: { 200: eventRecordSchema } } }, async (request) => {
    const { rights, editor } = recordWriter(request);
    return presentEventRecord(await events.update(editor, request.params.id, request.body), rights);
  });
  app.delete(`${EVENT_RECORDS_PATH}/:id`, { schema: { params: eventParams } }, async (request, reply) => {
    const { editor } = recordWriter(request);
    await events.remove(editor, request.params.id);
    return reply.code(204).send();
  });
  app.put(`${EVENT_RECORDS_PATH}/by-external-id/:externalId`, { schema: { params: externalIdParams, body: eventRecordBodySchema, response: { 200: upsertAnswer(eventRecordSchema), 201: upsertAnswer(eventRecordSchema) } } }, async (request, reply) => {
    const { rights, editor } = recordWriter(request);
    const { outcome, row } = await events.upsert(editor, { ...request.body, externalId: request.params.externalId });
    return reply.code(outcome === 'created' ? 201 : 200).send({ outcome, data: presentEventRecord(row, rights) });
  });
  app.post(`${EVENT_RECORDS_PATH}/upserts`, { schema: { body: batchSchema, response: { 200: upsertBatchResultSchema } } }, async (request) => {
    const { editor } = recordWriter(request);
    return { results: await events.upsertBatch(editor, request.body.items, eventRecordHref) };
  });
  app.post(`${EVENT_RECORDS_PATH}/import-preview`, { bodyLimit: IMPORT_BODY_LIMIT, schema: { body: referenceImportBodySchema, response: { 200: eventImportPreviewSchema } } }, async (request) => {
    const { rights } = recordWriter(request);
    if (request.body.format === 'json') throw badRequest('format: events are imported from iCalendar (ics) or CSV files.');
    return imports.previewEvents({ ...request.body, format: request.body.format, defaultSpaces: request.body.spaces ?? rights.spaces });
  });

  // Master data: by domain, model and master id, which is also its external id.
  const masterDataPath = `${MASTER_DATA_RECORDS_PATH}/:domain/:model/:masterId`;
  app.post(MASTER_DATA_RECORDS_PATH, { schema: { body: masterDataInputSchema, response: { 201: masterDataRecordSchema } } }, async (request, reply) => {
    const { rights, editor } = recordWriter(request);
    const row = await masterData.create(editor, request.body);
    return reply.code(201).header('location', masterDataHref(row)).send(presentMasterDataRecord(row, rights));
  });
  app.get(masterDataPath, { schema: { params: masterDataKeySchema, response: { 200: masterDataRecordSchema } } }, async (request) => {
    const { rights } = recordWriter(request);
    return presentMasterDataRecord(await masterData.get(request.params), rights);
  });
  app.patch(masterDataPath, { schema: { params: masterDataKeySchema, body: masterDataPatchSchema, response: { 200: masterDataRecordSchema } } }, async (request) => {
    const { rights, editor } = recordWriter(request);
    return presentMasterDataRecord(await masterData.update(editor, request.params, request.body), rights);
  });
  app.delete(masterDataPath, { schema: { params: masterDataKeySchema } }, async (request, reply) => {
    const { editor } = recordWriter(request);
    await masterData.remove(editor, request.params);
    return reply.code(204).send();
  });
  app.put(masterDataPath, { schema: { params: masterDataKeySchema, body: masterDataBodySchema, response: { 200: upsertAnswer(masterDataRecordSchema), 201: upsertAnswer(masterDataRecordSchema) } } }, async (request, reply) => {
    const { rights, editor } = recordWriter(request);
    const { outcome, row } = await masterData.upsert(editor, { ...request.body, ...request.params });
    return reply.code(outcome === 'created' ? 201 : 200).send({ outcome, data: presentMasterDataRecord(row, rights) });
  });
  app.post(`${MASTER_DATA_RECORDS_PATH}/upserts`, { schema: { body: batchSchema, response: { 200: upsertBatchResultSchema } } }, async (request) => {
    const { editor } = recordWriter(request);
    return { results: await masterData.upsertBatch(editor, request.body.items, masterDataHref) };
  });
  app.post(`${MASTER_DATA_RECORDS_PATH}/import-preview`, { bodyLimit: IMPORT_BODY_LIMIT, schema: { body: referenceImportBodySchema, response: { 200: masterDataImportPreviewSchema } } }, async (request) => {
    recordWriter(request);
    if (request.body.format === 'ics') throw badRequest('format: master data is imported from CSV or JSON files.');
    return imports.previewMasterData({ format: request.body.format, text: request.body.text });
  });

  // ZOE localizations: by ZOE's 24-hex id, which is also their external id.
  app.post(ZOE_RECORDS_PATH, { schema: { body: zoeRecordInputSchema, response: { 201: zoeRecordSchema } } }, async (request, reply) => {
    const { rights, editor } = recordWriter(request);
    const row = await zoe.create(editor, request.body);
    return reply.code(201).header('location', zoeHref(row)).send(presentZoeRecord(row, rights));
  });
  app.get(`${ZOE_RECORDS_PATH}/:id`, { schema: { params: zoeParams, response: { 200: zoeRecordSchema } } }, async (request) => {
    const { rights } = recordWriter(request);
    return presentZoeRecord(await zoe.get(request.params.id), rights);
  });
  app.patch(`${ZOE_RECORDS_PATH}/:id`, { schema: { params: zoeParams, body: zoeRecordPatchSchema, response: { 200: zoeRecordSchema } } }, async (request) => {
    const { rights, editor } = recordWriter(request);
    return presentZoeRecord(await zoe.update(editor, request.params.id, request.body), rights);
  });
  app.delete(`${ZOE_RECORDS_PATH}/:id`, { schema: { params: zoeParams } }, async (request, reply) => {
    const { editor } = recordWriter(request);
    await zoe.remove(editor, request.params.id);
    return reply.code(204).send();
  });
  app.put(`${ZOE_RECORDS_PATH}/:id`, { schema: { params: zoeParams, body: zoeRecordBodySchema, response: { 200: upsertAnswer(zoeRecordSchema), 201: upsertAnswer(zoeRecordSchema) } } }, async (request, reply) => {
    const { rights, editor } = recordWriter(request);
    const { outcome, row } = await zoe.upsert(editor, { ...request.body, id: request.params.id });
    return reply.code(outcome === 'created' ? 201 : 200).send({ outcome, data: presentZoeRecord(row, rights) });
  });
  app.post(`${ZOE_RECORDS_PATH}/upserts`, { schema: { body: batchSchema, response: { 200: upsertBatchResultSchema } } }, async (request) => {
    const { editor } = recordWriter(request);
    return { results: await zoe.upsertBatch(editor, request.body.items, zoeHref) };
  });
  app.post(`${ZOE_RECORDS_PATH}/import-preview`, { bodyLimit: IMPORT_BODY_LIMIT, schema: { body: referenceImportBodySchema, response: { 200: zoeImportPreviewSchema } } }, async (request) => {
    recordWriter(request);
    if (request.body.format === 'ics') throw badRequest('format: ZOE localizations are imported from CSV or JSON files.');
    return imports.previewZoe({ format: request.body.format, text: request.body.text });
  });

  // Tags of the content repository (the tag feed), playground projects among them: by origin and foreign id.
  const tagPath = `${TAG_RECORDS_PATH}/:origin/:foreignId`;
  app.post(TAG_RECORDS_PATH, { schema: { body: tagRecordInputSchema, response: { 201: tagRecordSchema } } }, async (request, reply) => {
    const { rights, editor } = recordWriter(request);
    const row = await tags.create(editor, request.body);
    return reply.code(201).header('location', tagHref(row)).send(presentTagRecord(row, rights));
  });
  app.get(tagPath, { schema: { params: tagReferenceSchema, response: { 200: tagRecordSchema } } }, async (request) => {
    const { rights } = recordWriter(request);
    return presentTagRecord(await tags.get(request.params), rights);
  });
  app.patch(tagPath, { schema: { params: tagReferenceSchema, body: tagRecordPatchSchema, response: { 200: tagRecordSchema } } }, async (request) => {
    const { rights, editor } = recordWriter(request);
    return presentTagRecord(await tags.update(editor, request.params, request.body), rights);
  });
  app.delete(tagPath, { schema: { params: tagReferenceSchema } }, async (request, reply) => {
    const { editor } = recordWriter(request);
    await tags.remove(editor, request.params);
    return reply.code(204).send();
  });
  app.put(tagPath, { schema: { params: tagReferenceSchema, body: tagRecordBodySchema, response: { 200: upsertAnswer(tagRecordSchema), 201: upsertAnswer(tagRecordSchema) } } }, async (request, reply) => {
    const { rights, editor } = recordWriter(request);
    const { outcome, row } = await tags.upsert(editor, { ...request.body, ...request.params });
    return reply.code(outcome === 'created' ? 201 : 200).send({ outcome, data: presentTagRecord(row, rights) });
  });
  app.post(`${TAG_RECORDS_PATH}/upserts`, { schema: { body: batchSchema, response: { 200: upsertBatchResultSchema } } }, async (request) => {
    const { editor } = recordWriter(request);
    return { results: await tags.upsertBatch(editor, request.body.items, tagHref) };
  });
  app.post(`${TAG_RECORDS_PATH}/import-preview`, { bodyLimit: IMPORT_BODY_LIMIT, schema: { body: referenceImportBodySchema, response: { 200: tagImportPreviewSchema } } }, async (request) => {
    recordWriter(request);
    if (request.body.format === 'ics') throw badRequest('format: tags are imported from CSV or JSON files.');
    return imports.previewTags({ format: request.body.format, text: request.body.text });
  });
};
