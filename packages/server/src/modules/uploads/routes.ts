import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_REFERENCE_ID_PATTERN, IMAGE_UPLOAD_MAX_BYTES, uploadSignatureRequestSchema, uploadSignatureSchema } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { badRequest } from '../../http/errors.ts';
import type { UploadsService } from './service.ts';

/** The bearer-authenticated calls: the signature (spec 000 §7) and removing an upload. */
export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  app.post('/api/v1/cloudinary-signature', { schema: { body: uploadSignatureRequestSchema, response: { 200: uploadSignatureSchema } } }, async (request) => uploads.signUpload(requireAuth(request), request.body));

  app.delete('/api/v1/uploads/:publicId', { schema: { params: z.object({ publicId: z.string().regex(IMAGE_REFERENCE_ID_PATTERN) }) } }, async (request, reply) => {
    await uploads.deleteUpload(requireAuth(request), request.params.publicId);
    return reply.status(204).send();
  });
};

/**
 * The embedded image service's upload endpoint, Cloudinary's path and form (spec 000 §7). No bearer token: the
 * signature is the authorisation. Multipart is parsed only here, as a stream.
 */
export const uploadEndpointRoutes: FastifyPluginAsync<{ uploads: UploadsService }> = async (app, { uploads }) => {
  app.addHook('onClose', async () => uploads.close());
  await app.register(multipart, {
    throwFileSizeLimit: false,
    // The file's own limit is checked while it streams (receiveFile); busboy's stops a runaway part one byte later.
    limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21 },
  });

  app.post<{ Params: { cloud: string } }>('/media/v1_1/:cloud/image/upload', async (request) => {
    if (!request.isMultipart()) throw badRequest('Send the upload as multipart/form-data: the signed fields, then the file.');
    const part = await request.file();
    if (!part) throw badRequest('Missing required parameter - file');
    try {
      if (part.fieldname !== 'file') throw badRequest('Missing required parameter - file');
      // Only the fields sent before the file are known here; the signature covers them (spec: fields first).
      const fields: Record<string, string> = {};
      for (const [name, value] of Object.entries(part.fields)) {
        if (value && !Array.isArray(value) && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
      }
      return await uploads.receiveUpload(request.params.cloud, { fields, file: part.file, filename: part.filename });
    } catch (error) {
      // A refused upload's remaining bytes are read and dropped: the browser is still sending them, and a request left
      // unread would hold its connection until it timed out.
      if (part.file.destroyed) request.raw.resume();
      else part.file.resume();
      throw error;
    }
  });
};
