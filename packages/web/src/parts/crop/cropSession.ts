import { CROP_RATIO_NAMES, automaticCrop, manualRatios, roundCrop, type CropRatio, type ImageSize, type Point } from '@editor/domain';
import { clampPoint, moveCrop, resizeCrop, type Corner } from './cropGeometry.ts';

/** What the crop modal edits (spec 002 §4): every ratio's crop, the selected ratio and the focal point. */
export interface CropSession {
  image: ImageSize;
  /** Every ratio of `CROP_RATIO_NAMES`, plus any other the value already had; automatic ones carry `automatic`. */
  ratios: Readonly<Record<string, CropRatio>>;
  selected: string;
  /** Where automatic ratios are centred; the image's centre until the editor sets it. */
  focal: Point;
}

export type CropAction =
  | { type: 'select'; ratio: string }
  /** A drag moves from where the crop was when it began (`from`); a key moves from where the crop is. */
  | { type: 'move'; delta: Point; from?: CropRatio }
  | { type: 'resize'; corner: Corner; point: Point }
  | { type: 'focus'; point: Point };

/** The first ratio the modal shows: 16x9, the shape most places show an image in. */
export const FIRST_RATIO = '16x9';

/** A stored crop is manual (spec 002 §4: only manual ratios are saved); missing ratios start automatic. */
export function startCropSession(image: ImageSize, stored: Readonly<Record<string, CropRatio>> | undefined): CropSession {
  const focal = { x: image.width / 2, y: image.height / 2 };
  const ratios: Record<string, CropRatio> = { ...stored };
  for (const name of CROP_RATIO_NAMES) {
    const crop = ratios[name];
    if (!crop || crop.automatic) ratios[name] = automaticCrop(name, image, focal);
  }
  return { image, ratios, selected: FIRST_RATIO, focal };
}

const manual = (crop: CropRatio): CropRatio => ({ p1: crop.p1, p2: crop.p2 });

export function cropSessionReducer(session: CropSession, action: CropAction): CropSession {
  const current = session.ratios[session.selected];
  switch (action.type) {
    case 'select':
      return session.ratios[action.ratio] ? { ...session, selected: action.ratio } : session;
    case 'move':
      if (!current) return session;
      return { ...session, ratios: { ...session.ratios, [session.selected]: manual(moveCrop(action.from ?? current, action.delta, session.image)) } };
    case 'resize':
      if (!current) return session;
      return {
        ...session,
        ratios: { ...session.ratios, [session.selected]: manual(resizeCrop(current, { corner: action.corner, point: action.point, ratio: session.selected }, session.image)) },
      };
    case 'focus': {
      // Spec 002 §5: the focal point stays inside the image; automatic ratios follow it, manual ones stay.
      const focal = clampPoint(action.point, session.image);
      const ratios = Object.fromEntries(
        Object.entries(session.ratios).map(([name, crop]) => [name, crop.automatic ? automaticCrop(name, session.image, focal) : crop]),
      );
      return { ...session, focal, ratios };
    }
  }
}

/** Spec 002 §4 Confirm: only the manual ratios, their points rounded and clamped to the image. */
export function confirmedRatios(session: CropSession): Record<string, CropRatio> {
  return Object.fromEntries(Object.entries(manualRatios(session.ratios)).map(([name, crop]) => [name, roundCrop(crop, session.image)]));
}
