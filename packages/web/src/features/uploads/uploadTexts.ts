/** Spec 001 §2.8, 002 §9: the toast once uploads are done, counting the images that made it. */
export function imagesAddedText(count: number): string {
  return count === 1 ? '1 image has been added to My Content' : `${count} images have been added to My Content`;
}

/** Spec 001 §2.8, 002 §9: the toast when the credits of all images change, or are cleared. */
export function creditsAppliedText(value: string): string {
  return value === '' ? 'Credits have been removed from all images automatically' : `Credits value "${value}" has been applied to all images automatically`;
}

/** The overall count under the list while and after uploading. */
export function uploadedCountText(input: { uploaded: number; total: number }): string {
  return `${input.uploaded} of ${input.total} ${input.total === 1 ? 'image' : 'images'} uploaded`;
}
