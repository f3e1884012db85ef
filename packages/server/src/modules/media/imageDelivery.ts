/**
 * Where images of provider 'cloudinary' are delivered from, spread into the domain's `imageUrlOf` and
 * `croppedImageUrlOf` options: the configured account's delivery base, else nothing, which keeps the embedded store's
 * root-relative `/media/image/upload` addresses.
 */
export interface ImageDelivery {
  baseUrl?: string;
}

/** The one place that decides where the server's image URLs point (`CLOUDINARY_URL`, README). */
export function imageDeliveryOf(config: { cloudinary?: { deliveryBaseUrl: string } | undefined }): ImageDelivery {
  return config.cloudinary ? { baseUrl: config.cloudinary.deliveryBaseUrl } : {};
}
