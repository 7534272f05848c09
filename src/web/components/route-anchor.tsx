import { useCallback, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

interface RouteAnchorProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path of the app. */
  to: string;
  /** Id of the element the next page scrolls to (navigation state `scrollTo`). */
  scrollTo?: string;
}

/**
 * A plain anchor to a page of the app. React Router's <Link> resolves its path through several hooks
 * on every render, which made links the largest cost of rendering a public page on the server. Clicks
 * are turned into client-side navigation by useRouteAnchorClicks on an enclosing element.
 */
export function RouteAnchor({ to, scrollTo, ...rest }: RouteAnchorProps) {
  return <a href={to} data-route="" data-scroll-to={scrollTo} {...rest} />;
}

/** A click that opens the link in place, not in a new tab or window. */
export const isPlainLeftClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/** One click handler for every RouteAnchor inside the element it is attached to. */
export function useRouteAnchorClicks(): (event: MouseEvent) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent) => {
      if (event.defaultPrevented || !isPlainLeftClick(event)) return;
      const anchor = (event.target as Element).closest('a[data-route]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target) return;
      event.preventDefault();
      const scrollTo = anchor.dataset.scrollTo;
      navigate(anchor.getAttribute('href')!, { state: scrollTo ? { scrollTo } : undefined });
    },
    [navigate],
  );
}

/** Whether a link to `to` points at the page shown (or, unless `end`, at one of its parents), as NavLink decides. */
export function isActivePath(to: string, pathname: string, end = false): boolean {
  const [target, current] = [to.toLowerCase(), pathname.toLowerCase().replace(/(.)\/+$/, '$1')];
  return current === target || (!end && current.startsWith(target === '/' ? '/' : `${target}/`));
}
