import type { ClipboardEvent } from 'react';
import { authorsForLine, displayName, type Author } from '../../../common/authors.js';
import { MAX_AUTHORS } from '../../../common/constants.js';
import { FormField } from '../forms/form-field.js';

const emptyAuthor = (corresponding: boolean): Author => ({
  given_name: '',
  family_name: '',
  affiliation: '',
  country: '',
  orcid: '',
  email: '',
  corresponding,
});

/** The form keeps the list as JSON text, like every other value it keeps across a sign-in. */
export const authorsText = (authors: readonly Author[]) => JSON.stringify(authors);
export const NEW_AUTHORS_TEXT = authorsText([emptyAuthor(true)]);

export function parseAuthorsText(text: string): Author[] {
  try {
    const authors = JSON.parse(text) as unknown;
    return Array.isArray(authors) ? (authors as Author[]) : [];
  } catch {
    return [];
  }
}

const FIELDS: { key: keyof Omit<Author, 'corresponding'>; label: string; type?: string; hint?: string }[] = [
  { key: 'given_name', label: 'Given name' },
  { key: 'family_name', label: 'Family name' },
  { key: 'affiliation', label: 'Affiliation' },
  { key: 'country', label: 'Country' },
  { key: 'orcid', label: 'ORCID iD', hint: '0000-0002-1825-0097' },
  { key: 'email', label: 'Email', type: 'email' },
];

interface Props {
  authors: Author[];
  onChange: (authors: Author[]) => void;
  /** Each author field's problem, keyed `{index}.{field}`: shown beside that field. */
  fieldErrors: Record<string, string>;
  /** A problem of the list as a whole (no author, too many). */
  error?: string;
  required: boolean;
}

/** A given name never holds a comma: one typed or pasted there is a list of names. */
const isNameList = (text: string) => text.includes(',');

/** The list with the card at `index` replaced by one card per name of `names`; the others keep their details. */
function withNameList(authors: Author[], index: number, names: string): Author[] {
  const line = [...authors.slice(0, index).map(displayName), names, ...authors.slice(index + 1).map(displayName)]
    .filter((name) => name.trim())
    .join(', ');
  const correspondingEmail = authors.find((author) => author.corresponding)?.email ?? '';
  return authorsForLine(line, authors, correspondingEmail);
}

/**
 * The article's one author editor (decision 100): each author with given and family names, affiliation, country,
 * ORCID iD and email, one of them the corresponding author; added, removed and reordered here. A list of names typed
 * or pasted into a given name fills one card per name, keeping the details of the names already there.
 */
export function AuthorsEditor({ authors, onChange, fieldErrors, error, required }: Props) {
  const change = (index: number, values: Partial<Author>) =>
    onChange(authors.map((author, at) => (at === index ? { ...author, ...values } : author)));
  const typeGivenName = (index: number, text: string) =>
    isNameList(text) ? onChange(withNameList(authors, index, text)) : change(index, { given_name: text });
  // A whole name pasted into an empty card is split into its given and family names, like a list.
  const pasteGivenName = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain').trim();
    const empty = !authors[index]?.given_name && !authors[index]?.family_name;
    if (!isNameList(text) && !(empty && text.includes(' '))) return;
    event.preventDefault();
    onChange(withNameList(authors, index, text));
  };
  const markCorresponding = (index: number) =>
    onChange(authors.map((author, at) => ({ ...author, corresponding: at === index })));
  const move = (index: number, by: -1 | 1) => {
    const next = [...authors];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };
  const remove = (index: number) => {
    const next = authors.filter((_, at) => at !== index);
    const corresponding = next.some((author) => author.corresponding);
    onChange(next.map((author, at) => ({ ...author, corresponding: corresponding ? author.corresponding : at === 0 })));
  };

  return (
    <fieldset
      className="span-2 authors-editor"
      aria-describedby={['authors-hint', 'certificates-hint', error ? 'authors-error' : ''].filter(Boolean).join(' ')}
    >
      <legend className={required ? 'required' : undefined}>Authors</legend>
      <small id="authors-hint" className="hint">
        At most {MAX_AUTHORS} authors. Names pasted into a given name, separated by commas, fill one card per author.
      </small>
      <small id="certificates-hint" className="hint">
        Certificates follow the names: a certificate link sent before a name is corrected leads to the corrected one.
      </small>
      {error && (
        <small id="authors-error" className="field-error">
          {error}
        </small>
      )}
      <ol className="author-list">
        {authors.map((author, index) => (
          <li key={index} className="author-row" aria-label={`Author ${index + 1}`}>
            {FIELDS.map((field) => (
              <FormField
                key={field.key}
                name={`authors.${index}.${field.key}`}
                label={field.label}
                error={fieldErrors[`${index}.${field.key}`]}
              >
                {(control) => (
                  <input
                    {...control}
                    type={field.type ?? 'text'}
                    // The article has an Email of its own: each author's says whose it is.
                    aria-label={`${field.label} of author ${index + 1}`}
                    value={author[field.key]}
                    placeholder={field.hint}
                    onChange={(event) =>
                      field.key === 'given_name'
                        ? typeGivenName(index, event.target.value)
                        : change(index, { [field.key]: event.target.value })
                    }
                    onPaste={field.key === 'given_name' ? (event) => pasteGivenName(index, event) : undefined}
                  />
                )}
              </FormField>
            ))}
            <label className="checkbox-field">
              <input
                type="radio"
                name="corresponding-author"
                checked={author.corresponding}
                onChange={() => markCorresponding(index)}
              />
              Corresponding author
            </label>
            <div className="row-actions">
              <button type="button" className="link-button" disabled={index === 0} onClick={() => move(index, -1)}>
                Move up
              </button>
              <button
                type="button"
                className="link-button"
                disabled={index === authors.length - 1}
                onClick={() => move(index, 1)}
              >
                Move down
              </button>
              <button
                type="button"
                className="link-button danger"
                disabled={authors.length === 1}
                onClick={() => remove(index)}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        disabled={authors.length >= MAX_AUTHORS}
        onClick={() => onChange([...authors, emptyAuthor(authors.length === 0)])}
      >
        Add author
      </button>
    </fieldset>
  );
}
