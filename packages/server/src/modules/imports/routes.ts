import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canImportByUrl, canImportMasterData } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { forbidden } from '../../http/errors.ts';
import { ASSETS_PATH } from '../assets/presenter.ts';
import { MASTER_DATA_STENCILS, type ImportResult, type ImportsService } from './service.ts';

const importResultSchema = z.object({
  id: z.string(),
  localization: z.string(),
  stencil: z.string(),
  /** False when the master-data record's asset already exists (nothing was written). */
  created: z.boolean(),
  _links: z.object({ self: z.object({ href: z.string() }) }),
});

const crepoQuery = z.object({ url: z.string().min(1).max(2000), fieldsToImport: z.string().min(1).max(2000) });
const masterDataParams = z.object({
  domain: z.enum(Object.keys(MASTER_DATA_STENCILS) as [keyof typeof MASTER_DATA_STENCILS]),
  model: z.string().min(1).max(16),
  masterId: z.string().min(1).max(100),
});

const present = (result: ImportResult): z.infer<typeof importResultSchema> => ({
  ...result,
  _links: { self: { href: `${ASSETS_PATH}/${result.id}/localizations/${result.localization}` } },
});

/** Spec 002 §7, documented in help: the two import routes; rights of spec 002 §6 checked before anything is read. */
export const importsRoutes: FastifyPluginAsyncZod<{ imports: ImportsService }> = async (app, { imports }) => {
  app.get('/api/v1/import/crepo', { schema: { querystring: crepoQuery, response: { 200: importResultSchema, 201: importResultSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    if (!canImportByUrl(auth.rights)) throw forbidden('Importing by external reference is for admins only.');
    // The caller's token stays here: the source is read with the credentials configured for its host (IMPORT_SOURCE_HEADERS).
    const result = await imports.importFromUrl(auth, request.query);
    return reply.status(201).send(present(result));
  });

  app.get('/api/v1/import/:domain/:model/:masterId', { schema: { params: masterDataParams, response: { 200: importResultSchema, 201: importResultSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    if (!canImportMasterData(auth.rights)) throw forbidden('Importing by domain, model and id is for admins and technicians only.');
    const result = await imports.importMasterData(auth, request.params);
    return reply.status(result.created ? 201 : 200).send(present(result));
  });
};
