import { useCallback, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

interface RouteAnchorProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path of the app. */
  to: string;
  /** Id of the element the next page scrolls to (navigation state `scrollTo`). */
  scrollTo?: string;
}

/**
 * A plain anchor to a page of the app, for long lists (issue tables, the year list): React Router's
 * <Link> resolves its path through several hooks on every render, which dominated the server's
 * rendering of an issue page. Clicks are turned into client-side navigation by useRouteAnchorClicks
 * on an enclosing element.
 */
export function RouteAnchor({ to, scrollTo, ...rest }: RouteAnchorProps) {
  return <a href={to} data-route="" data-scroll-to={scrollTo} {...rest} />;
}

const isPlainLeftClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/** One click handler for every RouteAnchor inside the element it is attached to. */
export function useRouteAnchorClicks(): (event: MouseEvent) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent) => {
      if (event.defaultPrevented || !isPlainLeftClick(event)) return;
      const anchor = (event.target as Element).closest('a[data-route]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      event.preventDefault();
      const scrollTo = anchor.dataset.scrollTo;
      navigate(anchor.getAttribute('href')!, { state: scrollTo ? { scrollTo } : undefined });
    },
    [navigate],
  );
}
