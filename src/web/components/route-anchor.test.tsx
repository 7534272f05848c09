import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isActivePath, RouteAnchor } from './route-anchor.js';

describe('RouteAnchor', () => {
  it('is a plain link marked for in-app navigation, with its scroll target', () => {
    expect(
      renderToString(
        <RouteAnchor to="/archives/2025/vol3/issue1/80001" scrollTo="abstract">
          Abstract
        </RouteAnchor>,
      ),
    ).toBe('<a href="/archives/2025/vol3/issue1/80001" data-route="" data-scroll-to="abstract">Abstract</a>');
  });
});

describe('isActivePath', () => {
  it('matches the page itself and, unless `end`, the pages below it, as NavLink does', () => {
    expect(isActivePath('/archives', '/archives/2025/vol3/issue1')).toBe(true);
    expect(isActivePath('/archives/2025/vol3/issue1', '/archives/2025/vol3/issue1/80001')).toBe(true);
    expect(isActivePath('/archives/2025/vol3/issue1', '/archives/2025/vol3/issue10')).toBe(false);
    expect(isActivePath('/board', '/Board/')).toBe(true);
    expect(isActivePath('/', '/board', true)).toBe(false);
    expect(isActivePath('/', '/', true)).toBe(true);
  });
});
