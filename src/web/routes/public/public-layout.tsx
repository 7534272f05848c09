import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { chatLink } from '../../components/chat-link.js';
import { SiteFooter } from '../../components/site-footer.js';
import { SiteHeader } from '../../components/site-header.js';
import { useRouteAnchorClicks } from '../../components/route-anchor.js';
import type { RouteHandle } from '../../lib/head.js';
import { useRootData } from '../../lib/root-data.js';

/** Keeps the document title in step with the page after client-side navigation. */
function useDocumentTitle() {
  const matches = useMatches();
  const { settings } = useRootData();
  useEffect(() => {
    const match = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.head);
    if (!match) return;
    const head = (match.handle as RouteHandle).head!({ data: match.data, settings, origin: window.location.origin });
    document.title = head.title;
  }, [matches, settings]);
}

/** Scrolls to the element named by navigation state (footer links), else to the top. */
function useScrollTarget() {
  const location = useLocation();
  useEffect(() => {
    const target = (location.state as { scrollTo?: string } | null)?.scrollTo;
    const element = target ? document.getElementById(target) : null;
    if (element) element.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else window.scrollTo(0, 0);
  }, [location.pathname, location.search, location.state]);
}

export function PublicLayout() {
  const { settings, pictures } = useRootData();
  useDocumentTitle();
  useScrollTarget();
  const onRouteAnchorClick = useRouteAnchorClicks();
  return (
    // Route anchors in lists navigate through this one handler (a keyboard Enter on an anchor is a click too).
    <div className="page" onClick={onRouteAnchorClick}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader settings={settings} pictures={pictures} />
      <main id="main" className="container main">
        <Outlet />
      </main>
      <SiteFooter settings={settings} />
      <aside aria-label="Chat">
        <a
          className="chat-button"
          href={chatLink(settings)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Chat with us"
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18a8 8 0 0 1-4.1-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8 8 0 1 1 12 20Z"
            />
          </svg>
        </a>
      </aside>
    </div>
  );
}
