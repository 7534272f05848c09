// Loaded on first use only (formatReferencesHere in citation.service.ts): citeproc-js and the four style files
// are about 1.3 MB of code and text that a server which never shows an article need not hold.
import CSL from 'citeproc';
import type { CslItem } from '../../../common/citation-exports.js';
import type { FormattedReference } from '../../../common/schemas/archives.js';
import { sanitizeReference } from '../../storage/sanitize.js';
import apa from './styles/apa.csl?raw';
import chicago from './styles/chicago-author-date.csl?raw';
import enUs from './styles/locales-en-US.xml?raw';
import mla from './styles/modern-language-association.csl?raw';
import vancouver from './styles/nlm-citation-sequence.csl?raw';

const STYLES: { style: FormattedReference['style']; name: string; xml: string }[] = [
  { style: 'apa', name: 'APA', xml: apa },
  { style: 'mla', name: 'MLA', xml: mla },
  { style: 'chicago', name: 'Chicago', xml: chicago },
  { style: 'vancouver', name: 'Vancouver', xml: vancouver },
];

/**
 * A style's sort keys order a list of references; each reference here is formatted alone, so they cannot change
 * a character of it. citeproc-js expands the macros of every key when it loads a style, which for the current
 * APA and Chicago files means 70,000 and 200,000 parts, 100 and 150 MB of memory and over a second each; without
 * the keys the four styles load in a quarter of a second and hold about 15 MB.
 */
export const withoutSortKeys = (xml: string) => xml.replace(/<sort>[\s\S]*?<\/sort>/g, '');

/** A numbered style's number, which a reference shown alone does not have (it is not the first of a list). */
const LIST_NUMBER = /<div class="csl-left-margin">[^<]*<\/div>/;

/** The item being formatted: citeproc-js asks for it by id while it formats. */
let current: CslItem | null = null;
const sys = {
  retrieveLocale: () => enUs,
  retrieveItem: () => current,
};

const engines = STYLES.map(({ style, name, xml }) => ({
  style,
  name,
  engine: new CSL.Engine(sys, withoutSortKeys(xml), 'en-US', true),
}));

/** Numbers each formatting, so that no two items ever share an id in citeproc-js's registry. */
let formattings = 0;

/**
 * One article's reference in each style. citeproc-js is synchronous, so `current` is never shared. Its registry
 * keeps what it made for an id: two journals' articles with the same reference number must not meet there, so each
 * formatting gives the item an id of its own (the id is never shown).
 */
export function formatReferences(item: CslItem): FormattedReference[] {
  const id = `reference-${++formattings}`;
  current = { ...item, id };
  try {
    return engines.map(({ style, name, engine }) => {
      engine.updateItems([id]);
      const bibliography = engine.makeBibliography();
      return {
        style,
        name,
        html: bibliography ? sanitizeReference(bibliography[1].join('').replace(LIST_NUMBER, '')) : '',
      };
    });
  } finally {
    current = null;
  }
}
