import { isCreator } from '@editor/domain';
import type { CurrentUser } from './currentUserOf.ts';

/** Spec 001 §2.1, §6: Create Content is shown only to creators, judged by the rights the app acts with. */
export function canCreateContent(currentUser: Pick<CurrentUser, 'effectiveRights'>): boolean {
  return isCreator(currentUser.effectiveRights);
}
