import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { sanitizeBasic, sanitizeRichText, sanitizeTitle, toPlainText } from './sanitize.js';

const ATTACK = '<b>bold</b><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>';

describe('sanitisers', () => {
  it('titles keep only i, em, sub and sup, with whitespace collapsed', () => {
    expect(sanitizeTitle('<b>Study</b>  of\n<i>Homo sapiens</i> <em>now</em><script>x</script>')).toBe(
      'Study of <i>Homo sapiens</i> <em>now</em>',
    );
    expect(sanitizeTitle('CO<sub class="x">2</sub> per m<sup onclick="x()">2</sup> <u>today</u>')).toBe(
      'CO<sub>2</sub> per m<sup>2</sup> today',
    );
  });

  it('a title without markup comes out as the sanitiser itself gives it', () => {
    for (const title of [
      'Plain  title\n of "quoted" words',
      ' Trimmed ',
      'Ünïcode – dashes',
      '5 > 3 & 2 < 4',
      'A &amp; B',
    ]) {
      expect(sanitizeTitle(title)).toBe(
        sanitizeHtml(title, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim(),
      );
    }
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

  it('plain text keeps blocks apart and inline markup together', () => {
    expect(toPlainText('<p>First.</p><p>Second.</p><ul><li>one</li><li>two</li></ul>line<br>break')).toBe(
      'First. Second. one two line break',
    );
    expect(toPlainText('CO<sub>2</sub> in <i>Oryza</i>')).toBe('CO2 in Oryza');
  });
});
