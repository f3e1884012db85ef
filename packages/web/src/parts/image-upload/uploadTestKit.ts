import { vi } from 'vitest';
import type { UploadResponse, UploadSignature } from '@editor/domain';

/** What `POST /api/v1/cloudinary-signature` answers in tests. */
export const TEST_SIGNATURE: UploadSignature = {
  cloud_name: 'editor',
  upload_url: '/media/v1_1/editor/image/upload',
  fields: { api_key: 'key', timestamp: '1767225600', signature: 'signed' },
};

/** The image service's answer to an upload, as Cloudinary shapes it. */
export function buildUploadResponse(overrides: Partial<UploadResponse> = {}): UploadResponse {
  return {
    public_id: 'wave-1a2b',
    version: 1767225600,
    width: 1600,
    height: 900,
    format: 'png',
    bytes: 48_213,
    resource_type: 'image',
    secure_url: '/media/image/upload/v1767225600/wave-1a2b.png',
    url: '/media/image/upload/v1767225600/wave-1a2b.png',
    created_at: '2026-01-01T00:00:00Z',
    original_filename: 'wave',
    ...overrides,
  };
}

/** One form posted to the image service, which the test answers when it likes. */
export interface PostedUpload {
  url: string;
  form: FormData;
  /** Reports bytes sent, as the browser's upload progress events do. */
  progress(loaded: number, total: number): void;
  respond(status: number, body: unknown): void;
  /** The connection broke. */
  fail(): void;
}

/**
 * Replaces `XMLHttpRequest`, which the upload client posts files with, by an image service the test drives:
 * every posted form is recorded and answered through its `PostedUpload`, by the test or at once by `onPost`.
 */
export function installFakeImageService(options: { onPost?: (upload: PostedUpload) => void } = {}) {
  const uploads: PostedUpload[] = [];

  class FakeXmlHttpRequest {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    private readonly events = new EventTarget();
    private url = '';

    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    addEventListener(type: string, listener: EventListener) {
      this.events.addEventListener(type, listener);
    }
    abort() {
      this.events.dispatchEvent(new Event('abort'));
    }
    send(form: FormData) {
      const posted: PostedUpload = {
        url: this.url,
        form,
        progress: (loaded, total) => this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total })),
        respond: (status, body) => {
          this.status = status;
          this.responseText = JSON.stringify(body);
          this.events.dispatchEvent(new Event('load'));
        },
        fail: () => this.events.dispatchEvent(new Event('error')),
      };
      uploads.push(posted);
      options.onPost?.(posted);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXmlHttpRequest);
  return { uploads };
}

/** A file of `size` bytes without allocating them: the size is what the checks read. */
export function fileOfSize(name: string, size: number, type = 'image/png'): File {
  const file = new File(['png'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
