import type { CropRatio, ImageSize } from '@editor/domain';

/**
 * A crop shown inside a square of `box` px (spec 002 §9: 65 px on the crop screen, 145 px in the gallery). It shows
 * the cropper's own image, moved and scaled, so dragging a crop asks the image service for nothing new.
 */
export function CropThumbnail({ src, image, crop, box }: { src: string | undefined; image: ImageSize; crop: CropRatio; box: number }) {
  const cropWidth = crop.p2.x - crop.p1.x;
  const cropHeight = crop.p2.y - crop.p1.y;
  const scale = Math.min(box / cropWidth, box / cropHeight);
  return (
    <div
      style={{
        width: Math.round(cropWidth * scale),
        height: Math.round(cropHeight * scale),
        overflow: 'hidden',
        position: 'relative',
        background: 'var(--mantine-color-gray-2)',
      }}
    >
      {src && (
        <img
          src={src}
          alt=""
          draggable={false}
          style={{
            position: 'absolute',
            left: -crop.p1.x * scale,
            top: -crop.p1.y * scale,
            width: image.width * scale,
            height: image.height * scale,
            maxWidth: 'none',
          }}
        />
      )}
    </div>
  );
}
