import { useEffect, useRef, type ComponentPropsWithRef, type MouseEvent } from 'react';
import { resolveTo, type NavigateOptions, type To } from './createRouter.ts';
import { pathOf } from './history.ts';
import { useNavigate, useLocation } from './hooks.ts';

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & NavigateOptions & { to: To };

/** A clicked link whose default the app should take over: a plain left click on a link for this tab. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return !event.defaultPrevented && event.button === 0 && (!target || target === '_self') && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/** A real link (open in a new tab works) that navigates inside the app on a plain click. */
export function Link({ to, replace, state, onClick, target, ...anchor }: LinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const href = pathOf(resolveTo(to, location));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isPlainClick(event, target)) return;
    event.preventDefault();
    // A link to where the user already is does not add a history entry.
    void navigate(href, { replace: replace ?? href === pathOf(location), state });
  };
  return <a {...anchor} href={href} target={target} onClick={handleClick} />;
}

/** Navigates when rendered (a redirect). */
export function Navigate({ to, replace, state }: NavigateOptions & { to: To }) {
  const navigate = useNavigate();
  // Once, though development mode runs effects twice.
  const hasNavigated = useRef(false);
  useEffect(() => {
    if (hasNavigated.current) return;
    hasNavigated.current = true;
    void navigate(to, { replace, state });
  });
  return null;
}
