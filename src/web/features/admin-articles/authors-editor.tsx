import { authorLine, authorsForLine, type Author } from '../../../common/authors.js';
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
  /** The comma-separated author line, as typed or as the list writes it. */
  line: string;
  onChange: (authors: Author[], line: string) => void;
  /** A problem of the list (an author's field), and one of the names line. */
  error?: string;
  lineError?: string;
  required: boolean;
}

/**
 * The authors as a list (decision 100): each with given and family names, affiliation, country, ORCID iD and email,
 * one of them the corresponding author; added, removed and reordered here. Names typed or pasted as one
 * comma-separated line fill the list, keeping the details of the names already there.
 */
export function AuthorsEditor({ authors, line, onChange, error, lineError, required }: Props) {
  const update = (next: Author[]) => onChange(next, authorLine(next));
  const change = (index: number, values: Partial<Author>) =>
    update(authors.map((author, at) => (at === index ? { ...author, ...values } : author)));
  const markCorresponding = (index: number) =>
    update(authors.map((author, at) => ({ ...author, corresponding: at === index })));
  const move = (index: number, by: -1 | 1) => {
    const next = [...authors];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    update(next);
  };
  const remove = (index: number) => {
    const next = authors.filter((_, at) => at !== index);
    const corresponding = next.some((author) => author.corresponding);
    update(next.map((author, at) => ({ ...author, corresponding: corresponding ? author.corresponding : at === 0 })));
  };

  return (
    <fieldset className="span-2 authors-editor" aria-describedby={error ? 'authors-error' : undefined}>
      <legend>Authors</legend>
      <FormField
        name="authorname"
        label="Author names"
        required={required}
        error={lineError}
        hint={`Separate the names with commas; at most ${MAX_AUTHORS} authors.`}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={line}
            onChange={(event) => onChange(authorsForLine(event.target.value, authors), event.target.value)}
          />
        )}
      </FormField>
      <ol className="author-list">
        {authors.map((author, index) => (
          <li key={index} className="author-row" aria-label={`Author ${index + 1}`}>
            {FIELDS.map((field) => (
              <label key={field.key} className="field">
                <span className="field-label">{field.label}</span>
                <input
                  type={field.type ?? 'text'}
                  // The article has an Email and a Country of its own: each author's say whose they are.
                  aria-label={`${field.label} of author ${index + 1}`}
                  value={author[field.key]}
                  placeholder={field.hint}
                  onChange={(event) => change(index, { [field.key]: event.target.value })}
                />
              </label>
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
        onClick={() => update([...authors, emptyAuthor(authors.length === 0)])}
      >
        Add author
      </button>
      {error && (
        <small id="authors-error" className="field-error">
          {error}
        </small>
      )}
    </fieldset>
  );
}
