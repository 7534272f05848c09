/** Citation text shared by the issue page, the search page and generated documents. */

// An issue page cites every article it lists, so these functions skip the work a value does not need.

const HONORIFICS = new Set(['prof', 'professor', 'dr', 'mr', 'mrs', 'ms', 'miss', 'shri', 'smt', 'sri']);
const LONGEST_HONORIFIC = 'professor.'.length;
/** 'Dr.', 'dr' and 'PROF.' are honorifics. */
const isHonorific = (word: string) =>
  word.length <= LONGEST_HONORIFIC && HONORIFICS.has((word.endsWith('.') ? word.slice(0, -1) : word).toLowerCase());
/** The words of a name: runs of characters other than whitespace and brackets. */
const NAME_WORDS = /[^\s()]+/g;
const TAGS = /<[^>]*>/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };
const ENTITY = /&(amp|lt|gt|quot|#39|nbsp);/g;
/** Whitespace other than single spaces between words. */
const UNTIDY_SPACE = /^\s|\s$|\s\s|[^\S ]/;

/** Plain text of a stored (sanitised) title. */
export function titleText(html: string): string {
  let text = html.includes('<') ? html.replace(TAGS, '') : html;
  if (text.includes('&')) text = text.replace(ENTITY, (entity) => ENTITIES[entity]!);
  return UNTIDY_SPACE.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
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
  let surname: string | undefined;
  let initials = '';
  for (const word of name.match(NAME_WORDS) ?? []) {
    if (isHonorific(word)) continue;
    // The word before this one was a given name, not the surname.
    if (surname !== undefined) initials += surname.replace(/\./g, '').charAt(0).toUpperCase();
    surname = word;
  }
  if (surname === undefined) return name.trim();
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
  const text = titleText(article.title);
  const title = text.endsWith('.') ? text.slice(0, -1) : text;
  return `${authors}. ${title}. ${journalName}, Volume ${article.volume}, Issue ${article.issue}, ${article.year}, Pages ${article.pagenumber}.`;
}
