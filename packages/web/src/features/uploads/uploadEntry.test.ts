import { describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MESSAGES } from '@editor/domain';
import { UNSUPPORTED_TYPE_MESSAGE } from '../../parts/image-upload/uploadedImage.ts';
import { entryFromFile, refusalMessages, screenFiles, titleOfFilename } from './uploadEntry.ts';

const fileOf = (name: string, size = 10) => {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('an upload entry from a file (spec 001 §5, 002 §5)', () => {
  it.each([
    ['cliff-diving_mostar.jpg', 'cliff diving mostar'],
    ['Surfer  on__a--wave.PNG', 'Surfer on a wave'],
    ['logo.final.svg', 'logo.final'],
    ['no-extension', 'no extension'],
    ['.png', '.png'],
  ])('titles %s as "%s"', (name, title) => {
    expect(titleOfFilename(name)).toBe(title);
  });

  it('starts pending, with title, SEO filename and the given credits', () => {
    const file = fileOf('Cliff Diving – Mostar.JPG');
    expect(entryFromFile(file, { id: 'u1', thumbnail: 'blob:1', credits: 'Jane Doe' })).toEqual({
      id: 'u1',
      file,
      thumbnail: 'blob:1',
      title: 'Cliff Diving – Mostar',
      seoFilename: 'cliff-diving-mostar',
      credits: 'Jane Doe',
      progress: 0,
      status: 'pending',
      asset: null,
      failureDetail: null,
    });
  });
});

describe('screening picked files (spec 000 §5)', () => {
  it('accepts the allowed types below 100,000,000 bytes and refuses the rest with a reason', () => {
    const files = [fileOf('a.jpg'), fileOf('b.JPEG'), fileOf('c.png', 99_999_999), fileOf('d.svg'), fileOf('e.gif'), fileOf('f.webp'), fileOf('g.png', 100_000_000), fileOf('png')];
    const { accepted, refused } = screenFiles(files);
    expect(accepted.map((file) => file.name)).toEqual(['a.jpg', 'b.JPEG', 'c.png', 'd.svg', 'e.gif']);
    expect(refused).toEqual([
      { name: 'f.webp', reason: 'type' },
      { name: 'g.png', reason: 'size' },
      { name: 'png', reason: 'type' },
    ]);
  });

  it.each([
    { picked: 1, refused: [{ name: 'big.png', reason: 'size' as const }], messages: [IMAGE_UPLOAD_MESSAGES.tooLarge] },
    { picked: 3, refused: [{ name: 'big.png', reason: 'size' as const }], messages: [IMAGE_UPLOAD_MESSAGES.someTooLarge] },
    { picked: 2, refused: [{ name: 'big.png', reason: 'size' as const }, { name: 'huge.png', reason: 'size' as const }], messages: [IMAGE_UPLOAD_MESSAGES.someTooLarge] },
    {
      picked: 2,
      refused: [{ name: 'notes.txt', reason: 'type' as const }, { name: 'big.png', reason: 'size' as const }],
      messages: [IMAGE_UPLOAD_MESSAGES.someTooLarge, UNSUPPORTED_TYPE_MESSAGE],
    },
    { picked: 2, refused: [{ name: 'a.txt', reason: 'type' as const }, { name: 'b.doc', reason: 'type' as const }], messages: [UNSUPPORTED_TYPE_MESSAGE] },
  ])('says $messages when $picked were picked', ({ picked, refused, messages }) => {
    expect(refusalMessages(picked, refused)).toEqual(messages);
  });
});
