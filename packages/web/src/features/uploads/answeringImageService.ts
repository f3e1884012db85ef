import { vi } from 'vitest';
import type { FakeResponse } from '../../test/fakeApi.ts';

/** For tests: what the image service answers to one posted form (by its file). */
export type ImageServiceHandler = (form: FormData) => FakeResponse;

/**
 * For tests: replaces XMLHttpRequest, which the upload client posts the form with, by an image service that reports
 * the bytes sent in two steps and answers by itself on the next turn of the event loop (so the page shows the
 * progress). Where a test must decide when each upload answers, image-upload's `installFakeImageService` serves.
 */
export function installAnsweringImageService(handler: ImageServiceHandler) {
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
