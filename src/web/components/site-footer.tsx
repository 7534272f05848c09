import { Link } from 'react-router';
import type { PublicSettings } from '../../common/schemas/settings.js';

export function SiteFooter({ settings }: { settings: PublicSettings }) {
  return (
    <footer className="site-footer">
      <div className="container footer-row">
        <p>{`© ${new Date().getFullYear()} ${settings.websitename}. All rights reserved.`}</p>
        <ul>
          <li>
            <Link to="/about">About</Link>
          </li>
          <li>
            <Link to="/privacy-policy" state={{ scrollTo: 'privacy' }}>
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link to="/terms-and-conditions" state={{ scrollTo: 'terms' }}>
              Terms and Conditions
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
