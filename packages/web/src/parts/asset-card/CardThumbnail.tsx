import type { ReactNode } from 'react';
import { AspectRatio } from '@mantine/core';
import classes from './AssetCard.module.css';

interface CardThumbnailProps {
  /** Width over height; the image is cropped to it. */
  ratio: number;
  imageUrl: string | null | undefined;
  /** The image's own size where it is known, so the page does not shift while it loads. */
  size?: { width: number; height: number } | undefined;
  /** Shown on grey where there is no image: an icon, and what it stands for. */
  placeholder: { icon: ReactNode; label: string };
}

/** The picture at the top of a card (asset, trending and media archive cards). */
export function CardThumbnail({ ratio, imageUrl, size, placeholder }: CardThumbnailProps) {
  return (
    <AspectRatio ratio={ratio} className={classes.media}>
      {imageUrl ? (
        <img src={imageUrl} alt="" loading="lazy" width={size?.width} height={size?.height} className={classes.image} />
      ) : (
        <div className={classes.placeholder} role="img" aria-label={placeholder.label}>
          {placeholder.icon}
        </div>
      )}
    </AspectRatio>
  );
}
