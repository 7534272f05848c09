import { articlePath } from './archive-links.js';
import { textOf } from './html.js';

interface MessageArticle {
  title: string;
  refnumber: string;
  year: number;
  volume: number;
  issue: number;
}

export type AuthorMessageAction = 'published' | 'updated';

/** The message for the author after a save, with the download, abstract and optional review links (specification: Error catalogue). */
export function shareMessage(
  article: MessageArticle,
  action: AuthorMessageAction,
  origin: string,
  reviewLink: string,
): string {
  return [
    'Dear Author,',
    `Your article "${textOf(article.title)}" (Ref. No. ${article.refnumber}) has been ${action} successfully.`,
    `Download link: ${origin}/pdf?refno=${encodeURIComponent(article.refnumber)}`,
    `Abstract link: ${origin}${articlePath(article)}`,
    ...(reviewLink ? [`Please share your experience with us: ${reviewLink}`] : []),
  ].join('\n');
}
