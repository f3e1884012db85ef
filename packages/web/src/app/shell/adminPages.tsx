import type { ReactNode } from 'react';
import { IconFileImport, IconKey, IconTrash, IconWebhook } from '@tabler/icons-react';
import { canManageDeliveryKeys, canManageReferenceData, canManageTrash, canManageWebhooks, type Rights } from '@editor/domain';
import { ADMIN_ROUTES } from '../../router/routes.ts';

export interface AdminPage {
  path: string;
  label: string;
  icon: ReactNode;
}

/** The admin pages the user menu offers: those the rights the app acts with allow, by the domain's rules the server uses. */
export function adminPagesFor(rights: Pick<Rights, 'roles'>): AdminPage[] {
  return [
    ...(canManageDeliveryKeys(rights) ? [{ ...ADMIN_ROUTES.DeliveryKeys, icon: <IconKey size={16} stroke={1.6} /> }] : []),
    ...(canManageWebhooks(rights) ? [{ ...ADMIN_ROUTES.Webhooks, icon: <IconWebhook size={16} stroke={1.6} /> }] : []),
    ...(canManageTrash(rights) ? [{ ...ADMIN_ROUTES.Trash, icon: <IconTrash size={16} stroke={1.6} /> }] : []),
    ...(canManageReferenceData(rights) ? [{ ...ADMIN_ROUTES.DataImports, icon: <IconFileImport size={16} stroke={1.6} /> }] : []),
  ];
}
