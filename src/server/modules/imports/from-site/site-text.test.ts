import { describe, expect, it } from 'vitest';
import { dateOnly, frequencyOf, storedHtml } from './site-text.js';

describe('frequencyOf', () => {
  it.each([
    ['jan-feb', 'jan-feb'],
    ['Mar-Apr', 'mar-apr'],
    ['MARCH', 'mar'],
    ['January - February', 'jan-feb'],
    ['January-June', 'jan-feb-mar-apr-may-jun'],
    ['Jan-Mar', 'jan-feb-mar'],
    ['jan-dec', 'jan-feb-mar-apr-may-jun-jul-aug-sep-oct-nov-dec'],
  ])('reads %j as %j', (written, frequency) => {
    expect(frequencyOf(written)).toBe(frequency);
  });

  it.each(['', 'Spring', 'feb-jan', 'feb-apr'])('knows no frequency in %j', (written) => {
    expect(frequencyOf(written)).toBeNull();
  });
});

describe('storedHtml', () => {
  it('decodes HTML the original product stored encoded', () => {
    expect(storedHtml('Growth of &lt;i&gt;E. coli&lt;/i&gt;')).toBe('Growth of <i>E. coli</i>');
    expect(storedHtml('Soil &amp;amp; water')).toBe('Soil &amp; water');
    expect(storedHtml('&lt;p class="lead"&gt;Aims&lt;/p&gt;')).toBe('<p class="lead">Aims</p>');
  });

  it('keeps HTML that is not encoded', () => {
    expect(storedHtml('Effects at p &lt; 0.05 in R&amp;D')).toBe('Effects at p &lt; 0.05 in R&amp;D');
    expect(storedHtml('<p>Written as &lt;i&gt; in the source</p>')).toBe('<p>Written as &lt;i&gt; in the source</p>');
  });
});

describe('dateOnly', () => {
  it.each([
    ['2024-03-05', '2024-03-05'],
    ['2024-03-05T00:00:00.000Z', '2024-03-05'],
    ['March 5, 2024 12:00 UTC', '2024-03-05'],
    ['', ''],
    ['not a date', ''],
  ])('reads %j as %j', (written, date) => {
    expect(dateOnly(written)).toBe(date);
  });
});
