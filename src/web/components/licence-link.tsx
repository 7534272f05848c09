import type { PublicSettings } from '../../common/schemas/settings.js';

/** The journal's licence by name, linked to its text when the settings give its address. */
export function LicenceLink({ settings }: { settings: Pick<PublicSettings, 'licence_name' | 'licence_url'> }) {
  if (!settings.licence_url) return <>{settings.licence_name}</>;
  return (
    <a href={settings.licence_url} rel="license">
      {settings.licence_name}
    </a>
  );
}
