import { authorsFromLine, type Author } from '../../../common/authors.js';
import { splitAuthors } from '../../../common/citation.js';

/** A name as a person compares two: spacing and case ignored, accents kept. */
const normalName = (name: string) => name.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** Names compared as a person would: spacing and case ignored, accents kept. */
export const sameName = (a: string, b: string) => normalName(a) === normalName(b);

/** A correction of an author's name: the name certificates were asked for under, and the one they are made for now. */
export interface AuthorRename {
  old_name: string;
  new_name: string;
}

/** An article's authors as a save leaves them: its author line and its structured list. */
export interface AuthorsState {
  authorname: string;
  authors: readonly Author[];
}

/** The words of a name that tell people apart: initials and honorific dots left out. */
const nameWords = (author: Author) =>
  normalName(`${author.given_name} ${author.family_name}`)
    .split(/[\s.,]+/)
    .filter((word) => word.length > 1);

/**
 * Whether two authors at the same place are one person: they share an ORCID iD or an email, or a word of their
 * names ('Anita Iyre' corrected to 'Anita K. Iyer'). A correction seldom changes every word of a name.
 */
function samePerson(before: Author, after: Author): boolean {
  const shared = (a: string, b: string) => a !== '' && normalName(a) === normalName(b);
  const words = new Set(nameWords(before));
  return (
    shared(before.orcid, after.orcid) ||
    shared(before.email, after.email) ||
    nameWords(after).some((word) => words.has(word))
  );
}

/** The line's names, each with its structured author (the line's own reading when the list does not match it). */
function namedAuthors({ authorname, authors }: AuthorsState): { name: string; author: Author }[] {
  const names = splitAuthors(authorname);
  const details = authors.length === names.length ? authors : authorsFromLine(authorname);
  return names.map((name, index) => ({ name, author: details[index]! }));
}

/**
 * The names a save corrected (decision 126): an author at the same place in the list whose name changed, when the
 * old name is no longer an author's and the new one was nobody's, and the two are one person. Another person put in
 * an author's place is no correction: the old certificate address then names nobody, as before.
 */
export function authorRenames(before: AuthorsState, after: AuthorsState): AuthorRename[] {
  const old = namedAuthors(before);
  const now = namedAuthors(after);
  const isAmong = (list: { name: string }[], name: string) => list.some((entry) => sameName(entry.name, name));
  return old.flatMap((previous, index) => {
    const current = now[index];
    if (!current || isAmong(now, previous.name) || isAmong(old, current.name)) return [];
    return samePerson(previous.author, current.author) ? [{ old_name: previous.name, new_name: current.name }] : [];
  });
}
