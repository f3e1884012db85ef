import { creatableSpaces, isCreator, type Rights } from '@editor/domain';
import type { CurrentUser } from './currentUserOf.ts';

/** Spec 001 §2.1, §6: Create Content is shown only to creators, judged by the rights the app acts with. */
export function canCreateContent(currentUser: Pick<CurrentUser, 'effectiveRights'>): boolean {
  return isCreator(currentUser.effectiveRights);
}

/**
 * Spec 000 §6, 002 §6: the spaces the user may create content in, and so upload images into (the server signs an
 * upload only into these): a creator's creatable spaces, none for anybody else.
 */
export function spacesToCreateIn(rights: Pick<Rights, 'roles' | 'spaces'>): string[] {
  return isCreator(rights) ? creatableSpaces(rights) : [];
}

/** Image uploads (the Image Uploads page and its tab) are for users who may create content in some space. */
export function canUploadImages(rights: Pick<Rights, 'roles' | 'spaces'>): boolean {
  return spacesToCreateIn(rights).length > 0;
}
