import { useEffect, useState } from 'react';
import { CITE_FORMATS, citePath, type CiteFormat } from '../../common/citation-exports.js';
import type { FormattedReference } from '../../common/schemas/archives.js';
import { fetchFormattedReferences } from '../lib/public-api.js';

const CITE_LABELS: Record<CiteFormat, string> = {
  bib: 'BibTeX',
  ris: 'RIS (EndNote, Zotero, Mendeley)',
  json: 'CSL-JSON',
};

/**
 * The article's reference in the common styles, read by the browser once the page is shown: formatting them is the
 * slowest part of an article, and indexers read the citation_* tags instead (decision 041).
 */
function useFormattedReferences(refnumber: string): FormattedReference[] {
  const [loaded, setLoaded] = useState<{ refnumber: string; references: FormattedReference[] } | null>(null);
  useEffect(() => {
    let current = true;
    fetchFormattedReferences(refnumber).then(
      (references) => current && setLoaded({ refnumber, references: references ?? [] }),
      console.error,
    );
    return () => {
      current = false;
    };
  }, [refnumber]);
  return loaded?.refnumber === refnumber ? loaded.references : [];
}

/** The article's reference in the common styles, and as files for reference managers. */
export function CiteBox({ refnumber }: { refnumber: string }) {
  const references = useFormattedReferences(refnumber);
  return (
    <section className="article-cite-box" aria-labelledby="cite-box-title">
      <h2 id="cite-box-title">Cite this article</h2>
      <dl className="formatted-references" aria-live="polite" hidden={references.length === 0}>
        {references.map(({ style, name, html }) => (
          <div key={style}>
            <dt>{name}</dt>
            <dd dangerouslySetInnerHTML={{ __html: html }} />
          </div>
        ))}
      </dl>
      <p className="cite-downloads">Download the reference:</p>
      <ul>
        {(Object.keys(CITE_FORMATS) as CiteFormat[]).map((format) => (
          <li key={format}>
            <a href={citePath(refnumber, format)} download>
              {CITE_LABELS[format]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
