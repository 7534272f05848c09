import { describe, expect, it } from 'vitest';
import { settingsInputSchema } from '../../../common/schemas/settings.js';
import { SETTINGS_GROUPS } from './settings-page.js';

describe('settings form', () => {
  it('offers every field of the settings schema exactly once', () => {
    const offered = SETTINGS_GROUPS.flatMap((group) => group.fields.map((field) => field.key)).sort();
    expect(offered).toEqual(Object.keys(settingsInputSchema.shape).sort());
  });
});
