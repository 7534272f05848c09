import { NavLink } from 'react-router';
import type { PublicSettings } from '../../common/schemas/settings.js';
import { SearchBox } from './search-box.js';

const NAVIGATION = [
  { to: '/', label: 'HOME' },
  { to: '/archives', label: 'ARCHIVES' },
  { to: '/board', label: 'EDITORIAL BOARD' },
  { to: '/instructions', label: 'INSTRUCTIONS' },
  { to: '/indexing', label: 'INDEXING' },
  { to: '/contact', label: 'CONTACT' },
];

export function SiteHeader({ settings }: { settings: PublicSettings }) {
  return (
    <header className="site-header">
      <div className="masthead container">
        <a href="/" className="brand">
          <img src="/logo.svg" alt={`${settings.websitename} logo`} width="72" height="72" />
          <span className="journal-name" dangerouslySetInnerHTML={{ __html: settings.formatted_journal_name }} />
        </a>
        {settings.nassScore && (
          <p className="rating-banner">
            NAAS Rating <strong>{settings.nassScore}</strong>
            {settings.nassScoreYear && <span> ({settings.nassScoreYear})</span>}
          </p>
        )}
        {settings.header_style === 'text' ? (
          <p className="text-banner desktop-only">{settings.websitename}</p>
        ) : (
          <img className="header-image desktop-only" src="/header.svg" alt="" width="360" height="72" />
        )}
      </div>
      <nav className="main-nav" aria-label="Main">
        <div className="container nav-row">
          <ul>
            {NAVIGATION.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <SearchBox />
        </div>
      </nav>
    </header>
  );
}
