import { isAdmin, isTechnician, type Rights } from './roles.ts';

/** Spec 002 §6, §7: importing by external reference (`/api/v1/import/crepo`) is for admins only. */
export function canImportByUrl(rights: Pick<Rights, 'roles'>): boolean {
  return isAdmin(rights);
}

/** Spec 002 §6, §7: importing by domain, model and master id (which recreates deleted assets) is for admins and technicians. */
export function canImportMasterData(rights: Pick<Rights, 'roles'>): boolean {
  return isAdmin(rights) || isTechnician(rights);
}
