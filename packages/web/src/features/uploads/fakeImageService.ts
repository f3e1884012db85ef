import { vi } from 'vitest';
import type { UploadResponse } from '@editor/domain';
import type { FakeResponse } from '../../test/fakeApi.ts';

/** For tests: what the image service answers to one posted form (by its file). */
export type ImageServiceHandler = (form: FormData) => FakeResponse;

/** For tests: the image service's answer for a file, shaped like Cloudinary's upload response. */
export function uploadedImage(publicId: string, format = 'png'): UploadResponse {
  return {
    public_id: publicId,
    version: 1,
    width: 800,
    height: 600,
    format,
    bytes: 1000,
    resource_type: 'image',
    secure_url: `http://localhost/media/image/upload/v1/${publicId}.${format}`,
    url: `http://localhost/media/image/upload/v1/${publicId}.${format}`,
    created_at: '2026-11-26T10:00:00Z',
  };
}

/**
 * For tests: replaces XMLHttpRequest, which the upload client posts the form with, by an image service that reports
 * the bytes sent in two steps and answers on the next turn of the event loop (so the page can show the progress).
 */
export function installFakeImageService(handler: ImageServiceHandler) {
  const forms: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    readonly upload = new EventTarget();
    private readonly events = new EventTarget();
    open() {}
    setRequestHeader() {}
    addEventListener(type: string, listener: EventListener) {
      this.events.addEventListener(type, listener);
    }
    abort() {
      this.events.dispatchEvent(new Event('abort'));
    }
    send(form: FormData) {
      forms.push(form);
      for (const loaded of [0, 500]) {
        this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total: 1000 }));
      }
      setTimeout(() => {
        const answer = handler(form);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body ?? null);
        this.events.dispatchEvent(new Event('load'));
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { forms };
}
