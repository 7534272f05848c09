import { useState } from 'react';
import { useLocation } from 'react-router';
import type { PublicSettings } from '../../common/schemas/settings.js';
import type { SitePictures } from '../../common/schemas/site-pictures.js';
import { isActivePath, RouteAnchor } from './route-anchor.js';
import { SearchBox } from './search-box.js';

const NAVIGATION = [
  { to: '/', label: 'HOME' },
  { to: '/archives', label: 'ARCHIVES' },
  { to: '/board', label: 'EDITORIAL BOARD' },
  { to: '/instructions', label: 'INSTRUCTIONS' },
  { to: '/indexing', label: 'INDEXING' },
  { to: '/contact', label: 'CONTACT' },
];

/** On phones the links fold behind a menu button; a new page closes the menu again. */
function useMenu(pathname: string) {
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  return { open, toggle: () => setOpenOn(open ? null : pathname) };
}

/** The masthead shows the uploaded logo and header image, or the built-in ones. */
export function SiteHeader({ settings, pictures }: { settings: PublicSettings; pictures: Readonly<SitePictures> }) {
  const { pathname } = useLocation();
  const menu = useMenu(pathname);
  return (
    <header className="site-header">
      <div className="masthead container">
        <RouteAnchor to="/" className="brand">
          <img src={pictures.logo} alt={`${settings.websitename} logo`} width="72" height="72" />
          <span className="journal-name" dangerouslySetInnerHTML={{ __html: settings.formatted_journal_name }} />
        </RouteAnchor>
        {settings.nassScore && (
          <p className="rating-banner">
            NAAS Rating <strong>{settings.nassScore}</strong>
            {settings.nassScoreYear && <span> ({settings.nassScoreYear})</span>}
          </p>
        )}
        {settings.header_style === 'text' ? (
          <p className="text-banner desktop-only">{settings.websitename}</p>
        ) : (
          <img className="header-image desktop-only" src={pictures.header} alt="" width="360" height="72" />
        )}
      </div>
      <nav className={menu.open ? 'main-nav menu-open' : 'main-nav'} aria-label="Main">
        <div className="container nav-row">
          <button
            type="button"
            className="menu-button"
            aria-expanded={menu.open}
            aria-controls="main-menu"
            onClick={menu.toggle}
          >
            <span className="menu-icon" aria-hidden="true" />
            Menu
          </button>
          <ul id="main-menu">
            {NAVIGATION.map((item) => {
              const active = isActivePath(item.to, pathname, item.to === '/');
              return (
                <li key={item.to}>
                  <RouteAnchor
                    to={item.to}
                    className={active ? 'active' : undefined}
                    aria-current={active ? 'page' : undefined}
                  >
                    {item.label}
                  </RouteAnchor>
                </li>
              );
            })}
          </ul>
          <SearchBox />
        </div>
      </nav>
    </header>
  );
}
