import { describe, expect, it } from 'vitest';
import { assertWellFormed } from '../../test/xml-check.js';
import { summaryOf } from './discovery.service.js';
import { escapeXml, latest, xmlTimestamp } from './xml.js';

describe('escapeXml', () => {
  it('escapes markup characters and drops what XML 1.0 forbids, so any stored text makes a readable document', () => {
    const stored = 'Salt & "pepper" <b>\u0000\u0008\u000b\u001f it\'s \ud800 \udc00 \ud83d\ude00 \ufffe\ttab\nline';
    const escaped = escapeXml(stored);
    expect(escaped).toBe('Salt &amp; &quot;pepper&quot; &lt;b&gt; it&apos;s   \ud83d\ude00 \ttab\nline');
    assertWellFormed(`<a title="${escaped}">${escaped}</a>`);
  });

  it('returns plain text as it is', () => {
    expect(escapeXml('Groundwater in Kerala, 2024')).toBe('Groundwater in Kerala, 2024');
  });
});

describe('xmlTimestamp', () => {
  it('writes stored ISO timestamps to the second in UTC, and nothing for empty or foreign values', () => {
    expect(xmlTimestamp('2026-11-23T18:04:05.678Z')).toBe('2026-11-23T18:04:05Z');
    expect(xmlTimestamp('2026-11-23T18:04:05Z')).toBe('2026-11-23T18:04:05Z');
    expect(xmlTimestamp('')).toBeNull();
    expect(xmlTimestamp('23/11/2026')).toBeNull();
    expect(latest('', '2026-01-02T00:00:00.000Z', null, '2025-12-31T23:59:59.999Z')).toBe('2026-01-02T00:00:00.000Z');
  });
});

describe('summaryOf', () => {
  const sentence = 'Groundwater levels in coastal Kerala fell over the decade studied. ';

  it('is the abstract as plain text when it is short', () => {
    expect(summaryOf('<p>Groundwater &amp; <em>rain</em>.</p>')).toBe('Groundwater & rain.');
  });

  it('cuts a long abstract after its last whole sentence within 500 characters', () => {
    const summary = summaryOf(`<p>${sentence.repeat(20)}</p>`);
    expect(summary.length).toBeLessThanOrEqual(500);
    expect(summary).toBe(sentence.repeat(7).trim());
  });

  it('cuts a long sentence after a whole word, marked with an ellipsis', () => {
    const summary = summaryOf(`<p>${'groundwater, '.repeat(60)}</p>`);
    expect(summary).toMatch(/^(groundwater, )+groundwater…$/);
    expect(summary.length).toBeLessThanOrEqual(501);
  });
});
