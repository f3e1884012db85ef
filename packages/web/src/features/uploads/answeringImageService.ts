import type { FakeResponse } from '../../test/fakeApi.ts';
import { installFakeImageService } from '../../parts/image-upload/uploadTestKit.ts';

/** For tests: what the image service answers to one posted form (by its file). */
export type ImageServiceHandler = (form: FormData) => FakeResponse;

/**
 * For tests: an image service that reports the bytes sent in two steps and answers by itself on the next turn of the
 * event loop (so the page shows the progress). Where a test must decide when each upload answers, image-upload's
 * `installFakeImageService` serves.
 */
export function installAnsweringImageService(handler: ImageServiceHandler) {
  const forms: FormData[] = [];
  installFakeImageService({
    onPost: (upload) => {
      forms.push(upload.form);
      upload.progress(0, 1000);
      upload.progress(500, 1000);
      setTimeout(() => {
        const answer = handler(upload.form);
        upload.respond(answer.status, answer.body ?? null);
      }, 0);
    },
  });
  return { forms };
}
