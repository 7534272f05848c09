import { RouteAnchor } from '../../components/route-anchor.js';
import { siteTitle, type HeadArgs } from '../../lib/head.js';

export const notFoundHead = ({ settings }: HeadArgs) => ({ title: siteTitle(settings, 'Page not found') });

export function NotFoundPage() {
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>The page you asked for does not exist. It may have moved, or the address may be mistyped.</p>
      <p>
        <RouteAnchor to="/">Go to the home page</RouteAnchor> or{' '}
        <RouteAnchor to="/archives">browse the archives</RouteAnchor>.
      </p>
    </section>
  );
}
