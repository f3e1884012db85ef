/** How long a quiet sign-in in a hidden frame may take before the app goes the visible way. */
export const HIDDEN_FRAME_PATIENCE_MS = 5000;

/**
 * Opens `url` in a hidden frame and answers the address the frame lands on when that is `landing` (a page of this
 * origin), or undefined when it ends anywhere else: a page of the provider (its login form, an error page, or a page it
 * refuses to be framed with, which the browser replaces by an error page of no origin), or nothing within the patience.
 * The frame is sandboxed without scripts: it runs nothing of the provider's or ours, and the app may still read its
 * address, which is all it needs. It is removed when done.
 */
export function landingOfHiddenFrame(url: string, landing: { origin: string; path: string }, patienceMs = HIDDEN_FRAME_PATIENCE_MS): Promise<string | undefined> {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-same-origin');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.title = 'Quiet sign-in';
    frame.style.display = 'none';
    const finish = (answer: string | undefined) => {
      window.clearTimeout(timer);
      frame.remove();
      resolve(answer);
    };
    const timer = window.setTimeout(() => finish(undefined), patienceMs);
    frame.addEventListener('load', () => {
      let href: string | undefined;
      try {
        href = frame.contentWindow?.location.href;
      } catch {
        // Another origin's page (or the browser's page for a refused frame): not the answer.
        finish(undefined);
        return;
      }
      // The empty document a frame starts with is not where it lands.
      if (href === undefined || href === 'about:blank') return;
      const landed = new URL(href);
      finish(landed.origin === landing.origin && landed.pathname === landing.path ? href : undefined);
    });
    frame.src = url;
    document.body.append(frame);
  });
}
