import { describe, expect, it } from 'vitest';
import { titleRuns } from './rich-text.js';

describe('titleRuns', () => {
  it('splits a title into plain and italic runs, decoding entities and collapsing spaces', () => {
    expect(titleRuns('Growth of <i>Oryza  sativa</i> &amp; <em>Zea mays</em>, a   study')).toEqual([
      { text: 'Growth of ', italic: false },
      { text: 'Oryza sativa', italic: true },
      { text: ' & ', italic: false },
      { text: 'Zea mays', italic: true },
      { text: ', a study', italic: false },
    ]);
  });

  it('merges nested italics, tolerates an unclosed tag and drops any other tag', () => {
    expect(titleRuns('<i>A <em>b</em> c</i> d <b>e</b> <i>f')).toEqual([
      { text: 'A b c', italic: true },
      { text: ' d e ', italic: false },
      { text: 'f', italic: true },
    ]);
    expect(titleRuns('  ')).toEqual([]);
  });
});
