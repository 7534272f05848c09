import { describe, expect, it } from 'vitest';
import { asciiSlug } from './zip-stream.js';

describe('asciiSlug', () => {
  it('keeps Latin letters without their accents, lowercase, joined by dashes', () => {
    expect(asciiSlug('José Müller-Łukasiewicz')).toBe('jose-muller-lukasiewicz');
    expect(asciiSlug('  Zoë  Ørsted, Ph.D. ')).toBe('zoe-orsted-ph-d');
    expect(asciiSlug('Straße Æsir')).toBe('strasse-aesir');
  });

  it('is empty for a name without Latin letters or digits, and never ends in a dash when cut', () => {
    expect(asciiSlug('陈伟')).toBe('');
    expect(asciiSlug('ab cd', 3)).toBe('ab');
  });
});
