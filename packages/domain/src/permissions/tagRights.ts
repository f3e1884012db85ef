import { creatableSpaces } from '../spaces/spaces.ts';
import { isCreator, type Rights } from './roles.ts';

/**
 * Spec 001 §3, §7 with 000 §6: creating a published tag (a playground project, always in `global`) is creating
 * content in that space: a creator (content-editor or content-manager) who may create in the space.
 */
export function canCreateTagIn(rights: Pick<Rights, 'roles' | 'spaces'>, space: string): boolean {
  return isCreator(rights) && creatableSpaces(rights).includes(space);
}
