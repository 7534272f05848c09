import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attribute values', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it('returns other text unchanged', () => {
    expect(escapeHtml('Müller-Łukasiewicz, 1-8')).toBe('Müller-Łukasiewicz, 1-8');
  });
});
