import type { UsageJournal, UsedItem } from '../usage/usage-data.js';

/** A report item's identifiers, as the COUNTER API names them; one left out is unknown or not well-formed. */
export interface ItemIds {
  DOI?: string;
  Proprietary?: string;
  Print_ISSN?: string;
  Online_ISSN?: string;
  URI?: string;
}

const ISSN_FORM = /(?<![\dX])(\d{4})[-\s]?(\d{3}[\dX])(?![\dX])/i;
const DOI_FORM = /^10\.[1-9][0-9]{2}[0-9.]*\/.+$/;
const NAMESPACE_FORM = /^[a-zA-Z][a-zA-Z0-9_./]{1,17}$/;

/** The ISSN a setting holds (`2278-9480`, `ISSN 2278 9480 (Online)`), as the reports write it: nnnn-nnnX. */
function issnOf(text: string): string | undefined {
  const match = ISSN_FORM.exec(text.trim());
  return match ? `${match[1]}-${match[2]!.toUpperCase()}` : undefined;
}

const doiOf = (text: string) => (DOI_FORM.test(text) ? text : undefined);

function uriOf(text: string): string | undefined {
  if (!URL.canParse(text)) return undefined;
  return /^https?:$/.test(new URL(text).protocol) ? text : undefined;
}

/**
 * The platform id that names this server's proprietary identifiers (`{platform id}:{value}`, Code of Practice
 * 5.1, section 3.2): the platform name's letters, digits and `_./`, as the API's pattern allows them.
 */
export function platformId(platform: string): string {
  const id = platform
    .replace(/[^a-zA-Z0-9_./]/g, '')
    .replace(/^[^a-zA-Z]+/, '')
    .slice(0, 18);
  return NAMESPACE_FORM.test(id) ? id : 'journal';
}

/** Only identifiers with a value: an empty object is no Item_ID. */
const present = (ids: ItemIds): ItemIds =>
  Object.fromEntries(Object.entries(ids).filter(([, value]) => value !== undefined)) as ItemIds;

export const journalIds = (journal: UsageJournal): ItemIds =>
  present({
    Print_ISSN: issnOf(journal.printIssn),
    Online_ISSN: issnOf(journal.onlineIssn),
    URI: uriOf(journal.url),
  });

export const articleIds = (item: UsedItem, namespace: string): ItemIds =>
  present({
    DOI: doiOf(item.doi),
    Proprietary: item.refnumber ? `${namespace}:${item.refnumber}` : undefined,
    URI: uriOf(item.url),
  });

/** Every way a harvester may name an identifier in item_id: bare, or after its namespace (`DOI:10.1/x`). */
const spellingsOf = (ids: ItemIds): string[] =>
  Object.entries(ids).flatMap(([name, value]) => [value, `${name}:${value}`].map((text) => text.toLowerCase()));

/** Whether any of the identifiers an item_id filter lists is one of these. */
export function matchesAnyId(ids: ItemIds, wanted: string[]): boolean {
  const spellings = new Set(spellingsOf(ids));
  return wanted.some((value) => spellings.has(value.toLowerCase()));
}
