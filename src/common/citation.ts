/** Citation text shared by the issue page, the search page and generated documents. */

// An issue page cites every article it lists, so these functions skip the work a value does not need.

const HONORIFICS = new Set(['prof', 'professor', 'dr', 'mr', 'mrs', 'ms', 'miss', 'er', 'shri', 'smt', 'sri']);
const LONGEST_HONORIFIC = 'professor.'.length;
/** 'Dr.', 'dr' and 'PROF.' are honorifics. */
const isHonorific = (word: string) =>
  word.length <= LONGEST_HONORIFIC && HONORIFICS.has((word.endsWith('.') ? word.slice(0, -1) : word).toLowerCase());
/** The words of a name: runs of characters other than whitespace and brackets. */
const NAME_WORDS = /[^\s()]+/g;
const TAGS = /<[^>]*>/g;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};
const ENTITY = /&(amp|lt|gt|quot|#39|nbsp);/g;
/** Whitespace other than single spaces between words. */
const UNTIDY_SPACE = /^\s|\s$|\s\s|[^\S ]/;

/** Plain text of a stored (sanitised) title. */
export function titleText(html: string): string {
  let text = html.includes('<') ? html.replace(TAGS, '') : html;
  if (text.includes('&')) text = text.replace(ENTITY, (entity) => ENTITIES[entity]!);
  return UNTIDY_SPACE.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
}

/** The CSL markup of the tags a title keeps, opening then closing, each held by a private-use character meanwhile. */
const CSL_TITLE_MARKUP = ['<i><span class="nocase">', '</span></i>', '<sub>', '</sub>', '<sup>', '</sup>'];
const TITLE_TAG_INDEX: Record<string, number> = { i: 0, em: 0, sub: 2, sup: 4 };

/**
 * A stored title as CSL rich text: its italics stay italic and keep their case when a style capitalises titles
 * ('<i>Oryza sativa</i>' is never 'Oryza Sativa'), its sub- and superscripts stay (CO<sub>2</sub>); everything
 * else is plain text.
 */
export function titleMarkup(html: string): string {
  const held = html.replace(/<(\/?)(i|em|sub|sup)>/g, (_tag, end: string, name: string) =>
    String.fromCharCode(0xe000 + TITLE_TAG_INDEX[name]! + (end ? 1 : 0)),
  );
  return titleText(held).replace(/[\ue000-\ue005]/g, (char) => CSL_TITLE_MARKUP[char.charCodeAt(0) - 0xe000]!);
}

/** The comma-separated author list as an array of trimmed names. */
export function splitAuthors(authorname: string): string[] {
  return authorname
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** Lower-case words that belong to the surname that follows them: 'van der Berg', 'de la Cruz'. */
const PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'da',
  'di',
  'du',
  'la',
  'le',
  'bin',
  'al',
]);

/** The words of a name other than honorifics. A function of its own: made inside nameParts, it doubled its time. */
const nameWords = (text: string) => (text.match(NAME_WORDS) ?? []).filter((word) => !isHonorific(word));

/**
 * A name as its given names and surname, honorifics such as Dr. and Prof. dropped; null when nothing is left.
 * The surname is the last word with the particles before it, or everything before a comma ('Surname, Given').
 */
function nameParts(name: string): { given: string[]; surname: string } | null {
  const comma = name.indexOf(',');
  if (comma >= 0) {
    const surname = nameWords(name.slice(0, comma)).join(' ');
    const given = nameWords(name.slice(comma + 1));
    return surname ? { given, surname } : given.length ? nameParts(given.join(' ')) : null;
  }
  const given = nameWords(name);
  if (given.length === 0) return null;
  let start = given.length - 1;
  while (start > 1 && PARTICLES.has(given[start - 1]!)) start -= 1;
  return { given: given.slice(0, start), surname: given.slice(start).join(' ') };
}

/** One author as family and given names, the form of CSL, Crossref and the citation_author tag. */
export function authorName(name: string): { family: string; given: string } {
  const parts = nameParts(name);
  return parts ? { family: parts.surname, given: parts.given.join(' ') } : { family: name.trim(), given: '' };
}

/** 'Dr. Anita K. Iyer' -> 'Anita K. Iyer': the name as written, without honorifics or untidy spaces. */
export function plainName(name: string): string {
  const { family, given } = authorName(name);
  return given ? `${given} ${family}` : family;
}

/** 'Anita K. Iyer' -> 'Iyer AK'; honorifics such as Dr. and Prof. are dropped. */
export function surnameInitials(name: string): string {
  const parts = nameParts(name);
  if (!parts) return name.trim();
  const initials = parts.given.map((word) => word.replace(/\./g, '').charAt(0).toUpperCase()).join('');
  return initials ? `${parts.surname} ${initials}` : parts.surname;
}

/** 'Dr. Anita K. Iyer' -> 'Iyer, Anita K.', the inverted form of library catalogues and Dublin Core. */
export function surnameFirst(name: string): string {
  const parts = nameParts(name);
  if (!parts) return name.trim();
  return parts.given.length ? `${parts.surname}, ${parts.given.join(' ')}` : parts.surname;
}

export interface CitableArticle {
  authorname: string;
  title: string;
  volume: number;
  issue: number;
  year: number;
  pagenumber: string;
  /** The publication date (YYYY-MM-DD), whose year the citation names (decision 098); the issue's year without it. */
  publishdate?: string;
}

/** The year a citation names: the publication date's, as every other output's, else the issue's. */
const citedYear = (article: Pick<CitableArticle, 'year' | 'publishdate'>) =>
  /^\d{4}-\d{2}-\d{2}$/.test(article.publishdate ?? '') ? Number(article.publishdate!.slice(0, 4)) : article.year;

/** 'Sharma R, Iyer AK. Title. Journal, Volume 10, Issue 2, 2024, Pages 1-6.' */
export function formatCitation(article: CitableArticle, journalName: string): string {
  const authors = splitAuthors(article.authorname).map(surnameInitials).join(', ');
  const text = titleText(article.title);
  const title = text.endsWith('.') ? text.slice(0, -1) : text;
  return `${authors}. ${title}. ${issueCitation(article, journalName)}.`;
}

/** Where an article appeared: 'Journal, Volume 10, Issue 2, 2024, Pages 1-6'. */
export const issueCitation = (article: Omit<CitableArticle, 'authorname' | 'title'>, journalName: string) =>
  `${journalName}, Volume ${article.volume}, Issue ${article.issue}, ${citedYear(article)}, Pages ${article.pagenumber}`;
