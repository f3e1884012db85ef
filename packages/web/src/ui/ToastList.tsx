// The toasts' style sheet comes with their component, imported for its effect.
// oxlint-disable-next-line import/no-unassigned-import
import '@mantine/notifications/styles.css';
import { Notifications, type NotificationsProps } from '@mantine/notifications';

/** Mantine's toast list with its transitions; loaded by `ToastHost` once the first toast is queued. */
export function ToastList(props: NotificationsProps) {
  return <Notifications {...props} />;
}
