import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { nameVisit, previousAssetVisit, recordVisit } from '../../router/navigationTrail.ts';

/**
 * Spec 002 §2: after an asset loads, a persistent 'Back to' toast links to the previous asset when the previous
 * history entry was an asset route.
 */
export function useBackToToast({ path, title, onBack }: { path: string; title: string; onBack: (path: string) => void }) {
  useEffect(() => {
    recordVisit(path);
    nameVisit(path, title);
    const previous = previousAssetVisit(path);
    if (!previous) return undefined;
    const id = notifications.show({
      autoClose: false,
      withCloseButton: true,
      message: (
        <a
          href={previous.path}
          onClick={(event) => {
            event.preventDefault();
            notifications.hide(id);
            onBack(previous.path);
          }}
        >
          {`Back to ${previous.title || 'the previous asset'}`}
        </a>
      ),
    });
    return () => {
      notifications.hide(id);
    };
    // Shown once per opened asset; a later title change does not show it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
}
