import { describe, expect, it } from 'vitest';
import { settingsInputSchema } from '../../../common/schemas/settings.js';
import { SETTINGS_GROUPS } from './settings-page.js';

describe('settings form', () => {
  it('offers every field of the settings schema exactly once', () => {
    // The licence choice fills in both the licence's name and its address.
    const keysOf = (field: (typeof SETTINGS_GROUPS)[number]['fields'][number]) =>
      field.kind === 'licence' ? ['licence_name', 'licence_url'] : [field.key];
    const offered = SETTINGS_GROUPS.flatMap((group) => group.fields.flatMap(keysOf)).sort();
    expect(offered).toEqual(Object.keys(settingsInputSchema.shape).sort());
  });

  it('offers the journal abbreviation with its ISO 4 example', () => {
    const field = SETTINGS_GROUPS.flatMap((group) => group.fields).find((f) => f.key === 'journal_abbreviation');
    expect(field?.label).toBe('Journal abbreviation (ISO 4, e.g. Int. J. Res.)');
  });
});
