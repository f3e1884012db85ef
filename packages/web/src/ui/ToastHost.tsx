import { useEffect, useState } from 'react';
import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazyComponent } from './lazyComponent.tsx';

/*
 * Mantine's toast list (with react-transition-group and its style sheet) is heavier than the page most sessions see
 * without a single toast, so it loads when the first toast is queued. Toasts live in the store of
 * `@mantine/notifications`, which `showToast` fills from the start: those queued while the list loads appear, in
 * order, once it is there.
 */
const ToastList = lazyComponent<NotificationsProps>(async () => (await import('./ToastList.tsx')).ToastList, () => null);

/** Where the toasts appear; takes the props of Mantine's `Notifications`. */
export function ToastHost(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const hasToasts = notifications.length + queue.length > 0;
  const [isLoaded, setIsLoaded] = useState(false);
  // Loaded before it is rendered, so that it never suspends: a toast shown inside a test's act() would wait forever.
  // Once there it stays mounted, so the last toast's exit transition runs.
  useEffect(() => {
    if (hasToasts && !isLoaded) void ToastList.preload().then(() => setIsLoaded(true));
  }, [hasToasts, isLoaded]);
  return isLoaded ? <ToastList {...props} /> : null;
}
