import { describe, expect, it } from 'vitest';
import { ALL_RIGHTS_RESERVED, grantsNoLicence, LICENCES, licenceChoice, OTHER_LICENCE } from './licences.js';

describe('licence choices', () => {
  it('recognises a listed licence only by both its name and its address', () => {
    expect(licenceChoice('CC BY 4.0', 'https://creativecommons.org/licenses/by/4.0/')).toBe('CC BY 4.0');
    expect(licenceChoice('CC BY 4.0', 'https://example.org/by')).toBe(OTHER_LICENCE);
    expect(licenceChoice('Journal licence', 'https://example.org/licence')).toBe(OTHER_LICENCE);
  });

  it('reads no licence as all rights reserved', () => {
    expect(licenceChoice('', '')).toBe(ALL_RIGHTS_RESERVED);
    expect(licenceChoice(ALL_RIGHTS_RESERVED, '')).toBe(ALL_RIGHTS_RESERVED);
    expect(grantsNoLicence('')).toBe(true);
    expect(grantsNoLicence(ALL_RIGHTS_RESERVED)).toBe(true);
    expect(grantsNoLicence('CC0 1.0')).toBe(false);
  });

  it('links every Creative Commons licence to its deed', () => {
    for (const licence of LICENCES.filter((entry) => entry.name.startsWith('CC'))) {
      expect(licence.url).toMatch(/^https:\/\/creativecommons\.org\/(licenses|publicdomain)\/[a-z-]+\/\d\.\d\/$/);
    }
  });
});
