/** Citation text shared by the issue page, the search page and generated documents. */

const HONORIFICS = new Set(['prof', 'professor', 'dr', 'mr', 'mrs', 'ms', 'miss', 'shri', 'smt', 'sri']);
/** 'Dr.', 'dr' and 'PROF.' are honorifics. */
const isHonorific = (word: string) => HONORIFICS.has((word.endsWith('.') ? word.slice(0, -1) : word).toLowerCase());
/** The words of a name: runs of characters other than whitespace and brackets. */
const NAME_WORDS = /[^\s()]+/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** Plain text of a stored (sanitised) title. */
export function titleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The comma-separated author list as an array of trimmed names. */
export function splitAuthors(authorname: string): string[] {
  return authorname
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** 'Anita K. Iyer' -> 'Iyer AK'; honorifics such as Dr. and Prof. are dropped. */
export function surnameInitials(name: string): string {
  const words = (name.match(NAME_WORDS) ?? []).filter((word) => !isHonorific(word));
  const surname = words.pop();
  if (surname === undefined) return name.trim();
  const initials = words.map((word) => word.replace(/\./g, '').charAt(0).toUpperCase()).join('');
  return initials ? `${surname} ${initials}` : surname;
}

export interface CitableArticle {
  authorname: string;
  title: string;
  volume: number;
  issue: number;
  year: number;
  pagenumber: string;
}

/** 'Sharma R, Iyer AK. Title. Journal, Volume 10, Issue 2, 2024, Pages 1-6.' */
export function formatCitation(article: CitableArticle, journalName: string): string {
  const authors = splitAuthors(article.authorname).map(surnameInitials).join(', ');
  const title = titleText(article.title).replace(/\.$/, '');
  return `${authors}. ${title}. ${journalName}, Volume ${article.volume}, Issue ${article.issue}, ${article.year}, Pages ${article.pagenumber}.`;
}
