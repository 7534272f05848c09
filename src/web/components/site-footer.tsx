import { ALL_RIGHTS_RESERVED, grantsNoLicence } from '../../common/licences.js';
import type { PublicSettings } from '../../common/schemas/settings.js';
import { LicenceLink } from './licence-link.js';
import { RouteAnchor } from './route-anchor.js';

export function SiteFooter({ settings }: { settings: PublicSettings }) {
  return (
    <footer className="site-footer">
      <div className="container footer-row">
        <p>
          {`© ${new Date().getFullYear()} ${settings.websitename}. `}
          {grantsNoLicence(settings.licence_name) ? (
            `${ALL_RIGHTS_RESERVED}.`
          ) : (
            <>
              Content licensed under <LicenceLink licence={settings} />.
            </>
          )}
        </p>
        <ul>
          <li>
            <RouteAnchor to="/about">About</RouteAnchor>
          </li>
          <li>
            <RouteAnchor to="/privacy-policy" scrollTo="privacy">
              Privacy Policy
            </RouteAnchor>
          </li>
          <li>
            <RouteAnchor to="/terms-and-conditions" scrollTo="terms">
              Terms and Conditions
            </RouteAnchor>
          </li>
        </ul>
      </div>
    </footer>
  );
}
