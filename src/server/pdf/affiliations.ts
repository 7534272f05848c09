/** An author as the documents print one: the name of the author line, and where they work. */
export interface PrintedAuthor {
  name: string;
  /** Affiliation and country, as the article page shows them; '' for none. */
  affiliation: string;
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const superscript = (n: number) => [...String(n)].map((digit) => SUPERSCRIPT_DIGITS[Number(digit)]).join('');

/**
 * The authors with their affiliations as a paper's head writes them: each distinct affiliation numbered once in the
 * order of the authors, each name marked with its number ('Anita Iyer¹, Rahul Sharma²'). One affiliation shared by
 * every author needs no numbers, and authors without one stay unmarked.
 */
export function affiliationNotes(authors: readonly PrintedAuthor[]): { names: string; notes: string[] } {
  const notes = [...new Set(authors.map((author) => author.affiliation).filter(Boolean))];
  const sharedByAll = notes.length === 1 && authors.every((author) => author.affiliation);
  const marked = authors.map(({ name, affiliation }) =>
    affiliation && !sharedByAll ? `${name}${superscript(notes.indexOf(affiliation) + 1)}` : name,
  );
  return {
    names: marked.join(', '),
    notes: sharedByAll ? notes : notes.map((note, index) => `${superscript(index + 1)} ${note}`),
  };
}
