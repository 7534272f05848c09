import { authorName, splitAuthors } from './citation.js';

/**
 * An article's author as indexers describe one (decision 100): given and family names kept apart, so particles
 * such as "van der Berg" stay in the family name, with an affiliation, a country, an ORCID iD and an email.
 */
export interface Author {
  given_name: string;
  family_name: string;
  affiliation: string;
  country: string;
  /** The bare iD, e.g. 0000-0002-1825-0097; '' for none. */
  orcid: string;
  email: string;
  corresponding: boolean;
}

const ORCID_FORM = /^(?:https?:\/\/orcid\.org\/)?(\d{4}-\d{4}-\d{4}-\d{3}[\dX])$/i;

/** ISO 7064 MOD 11-2, the check digit ORCID gives every iD. */
function orcidCheckDigit(digits: string): string {
  let total = 0;
  for (const digit of digits) total = (total + Number(digit)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? 'X' : String(result);
}

/** The bare iD of an ORCID iD written bare or as its https://orcid.org/ address; null when it is not a valid one. */
export function parseOrcid(text: string): string | null {
  const match = ORCID_FORM.exec(text.trim());
  if (!match) return null;
  const id = match[1]!.toUpperCase();
  const digits = id.replace(/-/g, '');
  return orcidCheckDigit(digits.slice(0, 15)) === digits[15] ? id : null;
}

/** An author as public pages and the API show one: without the email, which stays with the staff. */
export type PublicAuthor = Omit<Author, 'email'>;

export const withoutEmail = ({ email: _email, ...author }: Author): PublicAuthor => author;

/**
 * An article's authors: its stored rows, or for an article saved without them (written straight to the database, as
 * the large bench archive is) its author line read with the name parser.
 */
export const authorsOrLine = (stored: Author[] | undefined, article: { authorname: string; email?: string }) =>
  stored && stored.length > 0 ? stored : authorsFromLine(article.authorname, article.email ?? '');

/** "Given Family", the name as the specification's author line writes it. */
export const displayName = (author: Pick<Author, 'given_name' | 'family_name'>) =>
  [author.given_name, author.family_name].filter(Boolean).join(' ');

/** "Family, Given": citation_author, Dublin Core and library catalogues. */
export const invertedName = (author: Pick<Author, 'given_name' | 'family_name'>) =>
  author.given_name ? `${author.family_name}, ${author.given_name}` : author.family_name;

/** The specification's comma-separated author line. */
export const authorLine = (authors: readonly Pick<Author, 'given_name' | 'family_name'>[]) =>
  authors.map(displayName).join(', ');

/** Authors read from an author line with the one name parser, the first one corresponding. */
export function authorsFromLine(authorname: string, email = ''): Author[] {
  return splitAuthors(authorname).map((name, index) => {
    const { given, family } = authorName(name);
    return {
      given_name: given,
      family_name: family,
      affiliation: '',
      country: '',
      orcid: '',
      email: index === 0 ? email : '',
      corresponding: index === 0,
    };
  });
}

/**
 * The authors an author line names, each keeping the details it had when its name is unchanged: a client that sends
 * only the line (the specification's calls) loses no affiliation or ORCID iD of the authors it kept. The article's
 * email becomes the corresponding author's.
 */
export function authorsForLine(line: string, stored: readonly Author[], email = ''): Author[] {
  const byName = new Map(stored.map((author) => [displayName(author), author]));
  const authors = authorsFromLine(line, email).map((parsed) => {
    const kept = byName.get(displayName(parsed));
    return kept ? { ...kept } : { ...parsed, corresponding: false };
  });
  const corresponding = Math.max(
    0,
    authors.findIndex((author) => author.corresponding),
  );
  // The article's email is its corresponding author's: the line's client says what it is now.
  return authors.map((author, index) =>
    index === corresponding ? { ...author, corresponding: true, email } : { ...author, corresponding: false },
  );
}

/**
 * 'Department of Soil Science, Punjab Agricultural University, India': the affiliation with its country, as the
 * article page, the certificates and the cover page write it; '' without an affiliation.
 */
export const placeOf = (author: { affiliation: string; country: string }) =>
  author.affiliation ? [author.affiliation, author.country].filter(Boolean).join(', ') : '';
