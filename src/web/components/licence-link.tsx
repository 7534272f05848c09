import type { PublicSettings } from '../../common/schemas/settings.js';

/** A licence (the journal's, or an article's own) by name, linked to its text when its address is known. */
export function LicenceLink({ licence }: { licence: Pick<PublicSettings, 'licence_name' | 'licence_url'> }) {
  if (!licence.licence_url) return <>{licence.licence_name}</>;
  return (
    <a href={licence.licence_url} rel="license">
      {licence.licence_name}
    </a>
  );
}
