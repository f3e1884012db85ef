import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { DELIVERY_PATH, IMAGE_UPLOAD_MESSAGES, creatableSpaces, isAdmin, type UploadResponse, type UploadSignature, type UploadSignatureRequest } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Actor } from '../assets/types.ts';
import { referenceIdOf, type ImageStore } from '../media/imageStore.ts';
import { checkImage } from './checkImage.ts';
import { receiveFile } from './receiveFile.ts';
import * as repo from './repository.ts';
import { checkTimestamp, contextString, isSignatureOf, parseContext, signParams } from './uploadSignature.ts';

/** Who signs uploads: a Cloudinary account, or the embedded service under /media. */
export interface UploadAccount {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  /** Where the browser posts the form. */
  uploadUrl: string;
  /** True for the embedded service: this server receives and stores the uploads. */
  isEmbedded: boolean;
}

/** The cloud name of the embedded image service (its api key is the same word). */
export const EMBEDDED_CLOUD = 'local';
export const embeddedUploadPath = (cloud: string) => `/media/v1_1/${cloud}/image/upload`;

/** Context keys the server writes itself; a request cannot set them. */
const SPACE_KEY = 'space';
const UPLOADER_KEY = 'uploaded_by';
/** A random id per signature: two signatures asked for in the same second are still different, and each is used once. */
const UPLOAD_ID_KEY = 'upload_id';

export const INVALID_SIGNATURE = 'Invalid Signature';

export interface UploadForm {
  /** The fields that came before the file, as sent. */
  fields: Readonly<Record<string, string>>;
  file: Readable;
  filename: string;
}

const invalidSignature = () => new HttpError(401, INVALID_SIGNATURE, { code: 'invalid-signature' });
const replayed = () => new HttpError(409, 'This upload signature has been used already. Please ask for a new one.', { code: 'signature-used' });

export function createUploadsService(options: { db: Kysely<DB>; images: ImageStore; account: UploadAccount; spaces: readonly string[]; publicUrl: string }) {
  const { db, images, account } = options;

  /** Spec 000 §7 cloudinary-signature; 002 §6: only into a space the user can create in. */
  function signUpload(actor: Actor, request: UploadSignatureRequest): UploadSignature {
    const space = request.space?.trim();
    if (!space) throw badRequest(IMAGE_UPLOAD_MESSAGES.noSpaceSelected);
    if (!options.spaces.includes(space)) throw badRequest(`space: "${space}" is not a space of this installation.`);
    if (!creatableSpaces(actor.rights).includes(space)) throw forbidden(`You may not upload images into ${space}.`);
    const { assetId, localization } = request.context ?? {};
    // They become columns of the upload row (migration 020).
    if (assetId !== undefined && !/^[\w-]{1,36}$/.test(assetId)) throw badRequest('context.assetId: an asset id is at most 36 letters, digits, "-" or "_".');
    if (localization !== undefined && !/^[\w-]{2,20}$/.test(localization)) throw badRequest('context.localization: a locale id is 2 to 20 letters, digits, "-" or "_".');
    const given = Object.fromEntries(Object.entries(request.context ?? {}).filter(([key]) => ![SPACE_KEY, UPLOADER_KEY, UPLOAD_ID_KEY].includes(key)));
    // No `folder`: Cloudinary would put it into the public id ("rbcom/name"), and ids are never paths here.
    const params = {
      timestamp: String(Math.floor(Date.now() / 1000)),
      context: contextString({ ...given, [SPACE_KEY]: space, [UPLOADER_KEY]: actor.identity.id, [UPLOAD_ID_KEY]: crypto.randomUUID() }),
    };
    return {
      cloud_name: account.cloudName,
      upload_url: account.uploadUrl,
      fields: { api_key: account.apiKey, ...params, signature: signParams(params, account.apiSecret) },
    };
  }

  /** Everything a signed form may be refused for before its file is read: 404, 401, 400 stale, 409 replayed. */
  async function verifyForm(cloud: string, fields: Readonly<Record<string, string>>): Promise<void> {
    if (!account.isEmbedded || cloud !== account.cloudName) throw notFound(`There is no image service named "${cloud}" here.`);
    if (fields.api_key !== account.apiKey) throw new HttpError(401, `Unknown API key ${fields.api_key ?? ''}`.trim(), { code: 'invalid-api-key' });
    if (!fields.signature) throw badRequest('Missing required parameter - signature');
    const timestamp = checkTimestamp(fields.timestamp, Math.floor(Date.now() / 1000));
    if (timestamp === 'missing') throw badRequest('Missing required parameter - timestamp');
    if (!isSignatureOf(fields, account.apiSecret)) throw invalidSignature();
    if (timestamp === 'stale') throw new HttpError(400, `Stale request - reported time is ${fields.timestamp}, which is more than 1 hour ago.`, { code: 'stale-request' });
    if (timestamp === 'future') throw new HttpError(400, `Stale request - reported time is ${fields.timestamp}, which is in the future.`, { code: 'stale-request' });
    if (await repo.isSignatureUsed(db, fields.signature)) throw replayed();
  }

  /**
   * The embedded service's upload (spec 000 §7): verifies the signed fields, then streams the file to a temporary
   * file, checks it by its bytes, stores the original and records the upload. A refusal leaves no row and no file.
   */
  async function receiveUpload(cloud: string, form: UploadForm): Promise<UploadResponse> {
    await verifyForm(cloud, form.fields);
    const context = parseContext(form.fields.context ?? '');
    const space = context[SPACE_KEY];
    const uploader = context[UPLOADER_KEY];
    if (!space || !uploader) throw invalidSignature();
    const temporary = images.temporaryFile(await images.ensureTmpDir());
    try {
      const received = await receiveFile(form.file, temporary);
      if (received.bytes === 0) throw badRequest('Missing required parameter - file');
      const image = await checkImage(temporary, received);
      const filename = path.basename(form.filename || 'image');
      const row: repo.UploadRow = {
        id: crypto.randomUUID(),
        public_id: referenceIdOf({ filename, sha256: image.sha256 }),
        signature: form.fields.signature ?? '',
        space,
        asset_id: context.assetId ?? null,
        localization: context.localization ?? context.locale ?? null,
        user_id: uploader,
        file_name: filename.slice(0, 255),
        format: image.format,
        bytes: image.bytes,
        width: image.width,
        height: image.height,
        created_at: new Date().toISOString(),
      };
      await insertOnce(row);
      try {
        await images.storeOriginal({ sourceFile: temporary, referenceId: row.public_id, format: image.format });
      } catch (error) {
        await repo.deleteUploads(db, [row.id]);
        throw error;
      }
      return responseOf(row);
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }

  /** The unique signature column lets one of two concurrent uses of a form in, on every instance. */
  async function insertOnce(row: repo.UploadRow): Promise<void> {
    try {
      await repo.insertUpload(db, row);
    } catch (error) {
      if (await repo.isSignatureUsed(db, row.signature)) throw replayed();
      throw error;
    }
  }

  function responseOf(row: repo.UploadRow): UploadResponse {
    const version = Math.floor(Date.parse(row.created_at) / 1000);
    const url = `${options.publicUrl}${DELIVERY_PATH}/v${version}/${row.public_id}.${row.format}`;
    return {
      public_id: row.public_id,
      version,
      width: row.width,
      height: row.height,
      format: row.format,
      bytes: row.bytes,
      resource_type: 'image',
      secure_url: url,
      url,
      created_at: row.created_at,
      original_filename: path.basename(row.file_name, path.extname(row.file_name)),
    };
  }

  /** Removes upload rows, then each original nothing else uses any more (docs/decisions.md, cleanup rule). */
  async function removeRows(rows: readonly repo.UploadRow[]): Promise<void> {
    await repo.deleteUploads(db, rows.map((row) => row.id));
    for (const publicId of new Set(rows.map((row) => row.public_id))) {
      if (!(await repo.isOriginalInUse(db, publicId))) await images.removeOriginal(publicId);
    }
  }

  /** `DELETE /api/v1/uploads/{publicId}`: the user's own uploads of that image; an admin's removes anyone's. */
  async function deleteUpload(actor: Actor, publicId: string): Promise<void> {
    const rows = await repo.listUploadsOf(db, publicId);
    if (rows.length === 0) throw notFound(`No upload ${publicId}.`);
    const own = isAdmin(actor.rights) ? rows : rows.filter((row) => row.user_id === actor.identity.id);
    if (own.length === 0) throw forbidden('Only the user who uploaded an image may remove the upload.');
    await removeRows(own);
  }

  /** Spec 000 §4: deleting an asset version also removes its uploads; the last version takes the asset's others too. */
  async function removeUploadsOfVersion(deleted: { id: string; locale: string; isAssetDeleted: boolean }): Promise<void> {
    const rows = await repo.listUploadsOfAsset(db, { assetId: deleted.id, localization: deleted.isAssetDeleted ? undefined : deleted.locale });
    await removeRows(rows);
  }

  /** Whether an image was uploaded for an asset (the image descriptor describes it before the editor saves it). */
  const isUploadOfAsset = (input: { referenceId: string; assetId: string }) => repo.isUploadOfAsset(db, { publicId: input.referenceId, assetId: input.assetId });

  return { signUpload, verifyForm, receiveUpload, deleteUpload, removeUploadsOfVersion, isUploadOfAsset };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
