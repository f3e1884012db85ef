import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';

export type ToastKind = 'success' | 'warning' | 'error';

const AUTO_CLOSE_MS = 6000;

const LOOK = {
  success: { color: 'green', icon: <IconCheck size={18} /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} /> },
  error: { color: 'red', icon: <IconX size={18} /> },
} as const;

/** Shows a toast; a persistent one stays until the user closes it. Returns its id. */
export function showToast(toast: { kind: ToastKind; message: ReactNode; title?: string; persistent?: boolean }): string {
  const look = LOOK[toast.kind];
  return notifications.show({
    color: look.color,
    icon: look.icon,
    title: toast.title,
    message: toast.message,
    autoClose: toast.persistent ? false : AUTO_CLOSE_MS,
    withCloseButton: true,
  });
}

/**
 * A toast with a spinner for work that runs in the background (an AI translation started by a link): it stays until
 * the returned function removes it.
 */
export function showProgressToast(message: string): () => void {
  const id = notifications.show({ loading: true, message, autoClose: false, withCloseButton: false });
  return () => notifications.hide(id);
}

/** Removes every toast, shown or queued. */
export function clearToasts(): void {
  notifications.clean();
}
