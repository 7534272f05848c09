import { describe, expect, it } from 'vitest';
import { sanitizeBasic, sanitizeRichText, sanitizeTitle, toPlainText } from './sanitize.js';

const ATTACK = '<b>bold</b><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>';

describe('sanitisers', () => {
  it('titles keep only i and em, with whitespace collapsed', () => {
    expect(sanitizeTitle('<b>Study</b>  of\n<i>Homo sapiens</i> <em>now</em><script>x</script>')).toBe(
      'Study of <i>Homo sapiens</i> <em>now</em>',
    );
  });

  it('rich text and work-log content drop scripts, handlers and javascript: links', () => {
    for (const clean of [sanitizeRichText(ATTACK), sanitizeBasic(ATTACK)]) {
      expect(clean).toContain('<b>bold</b>');
      expect(clean).not.toMatch(/script|onerror|javascript:|<img/i);
    }
  });

  it('plain text decodes entities', () => {
    expect(toPlainText('<p>A &amp; B</p>\n<p>C</p>')).toBe('A & B C');
  });
});
