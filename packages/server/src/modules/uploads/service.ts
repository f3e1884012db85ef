import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { DELIVERY_PATH, IMAGE_UPLOAD_MESSAGES, creatableSpaces, isAdmin, isCreator, type UploadResponse, type UploadSignature, type UploadSignatureRequest } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Actor } from '../assets/types.ts';
import { referenceIdOf, type ImageStore } from '../media/imageStore.ts';
import { checkImage } from './checkImage.ts';
import { receiveFile } from './receiveFile.ts';
import * as repo from './repository.ts';
import { createSvgChecker, type SvgChecker } from './svgChecker.ts';
import { SERVER_KEYS, SPACE_KEY, UPLOADER_KEY, UPLOAD_ID_KEY, uploadColumnsOf } from './uploadContext.ts';
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

export const INVALID_SIGNATURE = 'Invalid Signature';

export interface UploadForm {
  /** The fields that came before the file, as sent. */
  fields: Readonly<Record<string, string>>;
  file: Readable;
  filename: string;
}

const invalidSignature = () => new HttpError(401, INVALID_SIGNATURE, { code: 'invalid-signature' });
const replayed = () => new HttpError(409, 'This upload signature has been used already. Please ask for a new one.', { code: 'signature-used' });

/** A second name for a file: a hard link (same folder, so the same disk), or a copy where links are not supported. */
async function keepCopy(file: string, copy: string): Promise<void> {
  try {
    await fs.link(file, copy);
  } catch {
    await fs.copyFile(file, copy);
  }
}

/** The name a file was sent with, without folders and control characters (the row keeps it; PostgreSQL refuses NUL). */
function fileNameOf(sent: string): string {
  // oxlint-disable-next-line no-control-regex -- removing control characters is the point
  return path.basename(sent || 'image').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || 'image';
}

export function createUploadsService(options: {
  db: Kysely<DB>;
  images: ImageStore;
  account: UploadAccount;
  spaces: readonly string[];
  publicUrl: string;
  /** Where SVGs are cleaned; by default threads of the service's own, started with the first SVG. */
  svgChecker?: SvgChecker;
}) {
  const { db, images, account } = options;
  const svgChecker = options.svgChecker ?? createSvgChecker();

  /**
   * Spec 000 §7 cloudinary-signature; 002 §6, 000 §6: only a creator, and only into a space they can create in (the
   * domain's rules for creating content: a curator or a translator reads and translates, but makes no new images).
   */
  function signUpload(actor: Actor, request: UploadSignatureRequest): UploadSignature {
    const space = request.space?.trim();
    if (!space) throw badRequest(IMAGE_UPLOAD_MESSAGES.noSpaceSelected);
    if (!options.spaces.includes(space)) throw badRequest(`space: "${space}" is not a space of this installation.`);
    if (!isCreator(actor.rights)) throw forbidden('Only users who may create content may upload images.');
    if (!creatableSpaces(actor.rights).includes(space)) throw forbidden(`You may not upload images into ${space}.`);
    uploadColumnsOf(request.context ?? {});
    const given = Object.fromEntries(Object.entries(request.context ?? {}).filter(([key]) => !SERVER_KEYS.includes(key)));
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
   * The embedded service's upload (spec 000 §7): verifies the signed fields and the context values that become
   * columns, then streams the file to a temporary file, checks it by its bytes, stores the original and records the
   * upload. A refusal leaves no row and no file.
   *
   * The original is stored before the row (docs/decisions.md, upload write order): the store is content-addressed, so
   * a process killed in between leaves an unused file that the same upload, sent again with the same signature,
   * takes over; the other way round it left a row, a spent signature and an image that answered 404.
   */
  async function receiveUpload(cloud: string, form: UploadForm): Promise<UploadResponse> {
    await verifyForm(cloud, form.fields);
    const context = parseContext(form.fields.context ?? '');
    const space = context[SPACE_KEY];
    const uploader = context[UPLOADER_KEY];
    if (!space || !uploader) throw invalidSignature();
    if (!options.spaces.includes(space)) throw badRequest(`space: "${space.slice(0, 100)}" is not a space of this installation.`);
    if (uploader.length > 255) throw badRequest('uploaded_by: a user id is at most 255 characters.');
    const columns = uploadColumnsOf(context);
    const tmpDir = await images.ensureTmpDir();
    const temporary = images.temporaryFile(tmpDir);
    const kept = images.temporaryFile(tmpDir);
    try {
      const received = await receiveFile(form.file, temporary);
      if (received.bytes === 0) throw badRequest('Missing required parameter - file');
      const image = await checkImage({ file: temporary, received, cleanSvg: svgChecker.check });
      const filename = fileNameOf(form.filename);
      const row: repo.UploadRow = {
        id: crypto.randomUUID(),
        public_id: referenceIdOf({ filename, sha256: image.sha256 }),
        signature: form.fields.signature ?? '',
        space,
        asset_id: columns.assetId,
        localization: columns.localization,
        user_id: uploader,
        file_name: filename,
        format: image.format,
        bytes: image.bytes,
        width: image.width,
        height: image.height,
        created_at: new Date().toISOString(),
      };
      const original = { referenceId: row.public_id, format: image.format };
      // A second name for the checked file, which storing moves away, in case the original must be put back below.
      await keepCopy(temporary, kept);
      await images.storeOriginal({ sourceFile: temporary, ...original });
      await insertOnce(row);
      // Removing the last other upload of the same image between the store and the insert took the file with it.
      await images.storeOriginal({ sourceFile: kept, ...original });
      return responseOf(row);
    } finally {
      await fs.rm(temporary, { force: true });
      await fs.rm(kept, { force: true });
    }
  }

  /**
   * The unique signature column lets one of two concurrent uses of a form in, on every instance; the other answers 409.
   * The loser's original goes again unless something uses it (the winner's may be the same file).
   */
  async function insertOnce(row: repo.UploadRow): Promise<void> {
    try {
      await repo.insertUpload(db, row);
    } catch (error) {
      const isReplay = await repo.isSignatureUsed(db, row.signature);
      // Best effort: an original left over is unused, never wrong (the next upload of that file takes it over).
      await removeOriginalIfUnused(row.public_id).catch(() => undefined);
      if (isReplay) throw replayed();
      throw error;
    }
  }

  async function removeOriginalIfUnused(publicId: string): Promise<void> {
    if (!(await repo.isOriginalInUse(db, publicId))) await images.removeOriginal(publicId);
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
    for (const publicId of new Set(rows.map((row) => row.public_id))) await removeOriginalIfUnused(publicId);
  }

  /** `DELETE /api/v1/uploads/{publicId}`: the user's own uploads of that image; an admin's removes anyone's. */
  async function deleteUpload(actor: Actor, publicId: string): Promise<void> {
    const rows = await repo.listUploadsOf(db, publicId);
    if (rows.length === 0) throw notFound(`No upload ${publicId}.`);
    const own = isAdmin(actor.rights) ? rows : rows.filter((row) => row.user_id === actor.identity.id);
    if (own.length === 0) throw forbidden('Only the user who uploaded an image may remove the upload.');
    await removeRows(own);
  }

  /** Spec 000 §4: a deleted version's uploads go once the trash lets it go; the asset's last version takes the others too. */
  async function removeUploadsOfVersion(deleted: { id: string; locale: string; isAssetDeleted: boolean }): Promise<void> {
    const rows = await repo.listUploadsOfAsset(db, { assetId: deleted.id, localization: deleted.isAssetDeleted ? undefined : deleted.locale });
    await removeRows(rows);
  }

  /** Whether an image was uploaded for an asset (the image descriptor describes it before the editor saves it). */
  const isUploadOfAsset = (input: { referenceId: string; assetId: string }) => repo.isUploadOfAsset(db, { publicId: input.referenceId, assetId: input.assetId });

  /** Stops the SVG checking threads (the app's close). */
  const close = () => svgChecker.close();

  return { signUpload, verifyForm, receiveUpload, deleteUpload, removeUploadsOfVersion, isUploadOfAsset, close };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
