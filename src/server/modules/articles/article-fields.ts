import crypto from 'node:crypto';
import { toPlainText } from '../../storage/sanitize.js';

/** What the derived columns are made from: the stored title (HTML), abstract (HTML) and page range. */
interface ArticleSource {
  title: string;
  abstract: string;
  pagenumber: string;
}

/** Key for the unique-title rule: the plain text of the title, case and spacing ignored. */
function titleKey(title: string): string {
  const normal = toPlainText(title).toLowerCase().replace(/\s+/g, ' ').trim();
  return crypto.createHash('sha256').update(normal).digest('hex');
}

/** The numeric first page of a 'a-b' page range, used to order an issue. */
function firstPageOf(pagenumber: string): number {
  const match = /^\s*(\d+)/.exec(pagenumber);
  return match ? Number(match[1]) : 0;
}

/**
 * The article with the columns derived from its title, abstract and pages: the unique-title key, the
 * description (the title), the abstract's plain text for search and the first page for ordering. Every
 * write of an article (forms, seeds, test fixtures) goes through here, so the columns always agree.
 */
export function withDerivedColumns<Article extends ArticleSource>(article: Article) {
  return {
    ...article,
    title_key: titleKey(article.title),
    description: article.title,
    abstract_text: toPlainText(article.abstract),
    first_page: firstPageOf(article.pagenumber),
  };
}
