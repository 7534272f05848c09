// The part of citeproc-js (which ships no types) that reference-styles.ts uses.
declare module 'citeproc' {
  interface CiteprocSys {
    retrieveLocale(lang: string): string;
    retrieveItem(id: string): unknown;
  }
  interface CiteprocEngine {
    updateItems(ids: string[]): void;
    /** [formatting parameters, one HTML entry per item], or false when the style has no bibliography. */
    makeBibliography(): [unknown, string[]] | false;
  }
  const CSL: {
    Engine: new (sys: CiteprocSys, style: string, lang?: string, forceLang?: boolean) => CiteprocEngine;
  };
  export default CSL;
}
