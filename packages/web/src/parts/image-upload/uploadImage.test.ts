import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, ApiError } from '../../api/client.ts';
import { installFakeApi } from '../../test/fakeApi.ts';
import { sendingProgress, uploadForm, uploadImage } from './uploadImage.ts';
import { installFakeImageService } from './uploadTestKit.ts';

/** An image service that reports the upload in four steps and answers with the given status and body. */
function stubXhr(answer: { status: number; body: unknown }, sent: FormData[]) {
  installFakeImageService({
    onPost: (upload) => {
      sent.push(upload.form);
      for (const loaded of [0, 250, 750, 1000]) upload.progress(loaded, 1000);
      upload.respond(answer.status, answer.body);
    },
  });
}

const signature = { cloud_name: 'local', upload_url: '/media/v1_1/local/image/upload', fields: { api_key: 'local', timestamp: '1700000000', signature: 'abc', folder: 'rbcom' } };
const uploaded = {
  public_id: 'wave-1a2b',
  version: 1,
  width: 800,
  height: 600,
  format: 'png',
  bytes: 1000,
  resource_type: 'image',
  secure_url: 'http://localhost/media/image/upload/v1/wave-1a2b.png',
  url: 'http://localhost/media/image/upload/v1/wave-1a2b.png',
  created_at: '2026-11-26T10:00:00Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploading an image (spec 000 §7)', () => {
  const client = createApiClient({ getCredentials: async () => ({ idToken: 'token', roleOverride: null }), validateResponses: true });
  const file = new File(['png bytes'], 'wave.png', { type: 'image/png' });

  it('holds the progress at 99 until the caller is done', () => {
    expect([0, 1, 500, 989, 999, 1000].map((loaded) => sendingProgress(loaded, 1000))).toEqual([0, 0, 50, 98, 99, 99]);
    expect(sendingProgress(5, 0)).toBe(0);
  });

  it('sends the signed fields before the file', () => {
    const form = uploadForm({ api_key: 'k', timestamp: '1', signature: 's' }, file, 'wave.png');
    expect([...form.keys()]).toEqual(['api_key', 'timestamp', 'signature', 'file']);
  });

  it('asks for a signature for the space and context, posts the form and reports progress up to 99', async () => {
    const api = installFakeApi({ 'POST /api/v1/cloudinary-signature': { status: 200, body: signature } });
    const sent: FormData[] = [];
    stubXhr({ status: 200, body: uploaded }, sent);
    const progress: number[] = [];
    const result = await uploadImage({ client, file, signature: { space: 'rbcom', context: { assetId: 'a1', localization: 'en' } }, onProgress: (percent) => progress.push(percent) });
    expect(result).toEqual(uploaded);
    expect(api.requests[0]?.body).toEqual({ space: 'rbcom', context: { assetId: 'a1', localization: 'en' } });
    expect(sent[0]?.get('signature')).toBe('abc');
    expect(sent[0]?.get('file')).toBeInstanceOf(File);
    expect(progress).toEqual([0, 0, 25, 75, 99]);
  });

  it('rejects with the error the image service described', async () => {
    installFakeApi({ 'POST /api/v1/cloudinary-signature': { status: 200, body: signature } });
    stubXhr({ status: 413, body: { status: 413, messages: ['The image exceeds the maximum allowed size of 100MB.'] } }, []);
    const error = await uploadImage({ client, file, signature: { space: 'rbcom' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413 });
  });

  it('does not upload when the signature is refused', async () => {
    installFakeApi({ 'POST /api/v1/cloudinary-signature': { status: 400, body: { status: 400, messages: ['No space selected'] } } });
    const sent: FormData[] = [];
    stubXhr({ status: 200, body: uploaded }, sent);
    await expect(uploadImage({ client, file, signature: {} })).rejects.toMatchObject({ status: 400, messages: ['No space selected'] });
    expect(sent).toHaveLength(0);
  });
});
