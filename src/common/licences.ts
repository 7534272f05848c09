export const ALL_RIGHTS_RESERVED = 'All rights reserved';

/** No licence is granted: what the footer says when none is set or this one is chosen. */
export const grantsNoLicence = (name: string) => !name || name === ALL_RIGHTS_RESERVED;

/**
 * The licences the settings offer by name, with the address of each one's text: the Creative Commons 4.0
 * licences and CC0, which DOAJ and Crossref recognise by these addresses, and "All rights reserved".
 */
export const LICENCES = [
  { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  { name: 'CC BY-SA 4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
  { name: 'CC BY-NC 4.0', url: 'https://creativecommons.org/licenses/by-nc/4.0/' },
  { name: 'CC BY-NC-SA 4.0', url: 'https://creativecommons.org/licenses/by-nc-sa/4.0/' },
  { name: 'CC BY-ND 4.0', url: 'https://creativecommons.org/licenses/by-nd/4.0/' },
  { name: 'CC BY-NC-ND 4.0', url: 'https://creativecommons.org/licenses/by-nc-nd/4.0/' },
  { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
  { name: ALL_RIGHTS_RESERVED, url: '' },
] as const;

/** A licence as one value for metadata (Dublin Core rights, CSL license): its address, else its name. */
export const licenceOf = (licence: { licence_name: string; licence_url: string }) =>
  licence.licence_url || licence.licence_name;

/** The choice for a licence that is none of the above, named and linked by hand. */
export const OTHER_LICENCE = 'Another licence';

/** The choice the stored name and address stand for; no licence at all reads as "All rights reserved". */
export function licenceChoice(name: string, url: string): string {
  if (!name && !url) return ALL_RIGHTS_RESERVED;
  return LICENCES.find((licence) => licence.name === name && licence.url === url)?.name ?? OTHER_LICENCE;
}
