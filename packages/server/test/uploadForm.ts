import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { UploadSignature, UploadSignatureRequest } from '@editor/domain';
import { signParams } from '../src/modules/uploads/uploadSignature.ts';
import type { TestApp, TestUser } from './harness.ts';

/** The file part of an upload form: its bytes, or a count of bytes produced while the form is sent (large uploads). */
export interface FormFile {
  filename: string;
  contentType?: string;
  data?: Buffer;
  /** Sends this many bytes of `fill` (default zeros) without holding them; ignored when `data` is given. */
  streamedBytes?: number;
  fill?: number;
}

export interface MultipartForm {
  payload: Readable;
  headers: Record<string, string>;
}

/** A multipart/form-data body of the fields in order, then the file, as a browser's FormData sends it; streamed. */
export function multipartForm(fields: Readonly<Record<string, string>>, file: FormFile): MultipartForm {
  const boundary = `----upload${crypto.randomUUID().replaceAll('-', '')}`;
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const bytes = file.data?.length ?? file.streamedBytes ?? 0;
  async function* parts(): AsyncGenerator<Buffer> {
    yield Buffer.from(head + fileHead);
    if (file.data) {
      yield file.data;
    } else {
      const chunk = Buffer.alloc(1024 * 1024, file.fill ?? 0);
      for (let sent = 0; sent < bytes; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, bytes - sent));
    }
    yield Buffer.from(tail);
  }
  const length = Buffer.byteLength(head + fileHead) + bytes + Buffer.byteLength(tail);
  return {
    payload: Readable.from(parts(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
  };
}

/** Asks the app for a signature as the user would (`POST /api/v1/cloudinary-signature`). */
export async function requestSignature(t: TestApp, user: TestUser, request: UploadSignatureRequest = { space: 'rbcom' }): Promise<UploadSignature> {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/cloudinary-signature', headers: await t.auth(user), payload: request });
  if (response.statusCode !== 200) throw new Error(`signature: ${response.statusCode} ${response.body}`);
  return response.json<UploadSignature>();
}

/** Signs fields with a secret of one's own choosing, e.g. to forge a form or to sign an old timestamp. */
export function signedFields(params: Readonly<Record<string, string>>, apiSecret: string, apiKey = 'local'): Record<string, string> {
  return { api_key: apiKey, ...params, signature: signParams(params, apiSecret) };
}

/** Posts fields and a file to the upload URL a signature named (the embedded service, in-process). */
export async function postUpload(t: TestApp, signature: Pick<UploadSignature, 'upload_url'>, fields: Readonly<Record<string, string>>, file: FormFile) {
  const form = multipartForm(fields, file);
  return t.app.inject({ method: 'POST', url: signature.upload_url, headers: form.headers, payload: form.payload });
}

/** Signs as the user and uploads the file in one go; answers the upload endpoint's response. */
export async function uploadAs(t: TestApp, user: TestUser, file: FormFile, request: UploadSignatureRequest = { space: 'rbcom' }) {
  const signature = await requestSignature(t, user, request);
  return postUpload(t, signature, signature.fields, file);
}
