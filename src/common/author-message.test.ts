import { describe, expect, it } from 'vitest';
import type { ArticleRecord } from './schemas/archives.js';
import { shareMessage } from './author-message.js';

const article = {
  refnumber: '10001',
  title: 'Soil <i>Bacillus</i> &amp; yield',
  year: 2026,
  volume: 12,
  issue: 3,
} as ArticleRecord;

describe('share message (specification: Error catalogue)', () => {
  it('says published or updated, with the download, abstract and review links', () => {
    expect(shareMessage(article, 'published', 'https://j.example', 'https://reviews.example/j')).toBe(
      [
        'Dear Author,',
        'Your article "Soil Bacillus & yield" (Ref. No. 10001) has been published successfully.',
        'Download link: https://j.example/pdf?refno=10001',
        'Abstract link: https://j.example/archives/2026/vol12/issue3/10001',
        'Please share your experience with us: https://reviews.example/j',
      ].join('\n'),
    );
  });

  it('leaves the review line out when the site has no review link', () => {
    const text = shareMessage(article, 'updated', 'https://j.example', '');
    expect(text).toContain('has been updated successfully.');
    expect(text).not.toContain('experience');
  });
});
