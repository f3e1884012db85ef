import { describe, expect, it } from 'vitest';
import { mediaValueFromUpload } from '@editor/domain';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import { buildUploadResponse } from '../../parts/image-upload/uploadTestKit.ts';
import { contentWithImage, createContentOf } from './uploadImageAsset.ts';

describe('the calls of one image upload', () => {
  it('creates the asset with the trimmed texts, leaving out the empty ones', () => {
    expect(createContentOf({ title: ' Cliff diving ', seoFilename: 'cliff-diving', credits: '  ' })).toEqual({
      title: { value: 'Cliff diving' },
      'seo-filename': { value: 'cliff-diving' },
    });
  });

  it('saves everything the created version holds, plus the image', () => {
    const version = buildAssetVersion({
      stencil: 'image',
      content: {
        title: { name: 'title', type: 'text', value: 'Cliff diving' },
        orientation: { name: 'orientation', type: 'select', value: 'none', _meta: { id: 'style-1' } },
        teaser: { name: 'teaser', type: 'text' },
      },
    });
    const image = mediaValueFromUpload(buildUploadResponse({ public_id: 'cliff-1a2b', format: 'jpeg' }));
    expect(contentWithImage(version, image)).toEqual({
      title: { value: 'Cliff diving' },
      orientation: { value: 'none', _meta: { id: 'style-1' } },
      image: { value: image },
    });
  });
});
