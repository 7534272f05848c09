import { articlePath } from '../../../common/archive-links.js';
import { firstLanguage, keywordList } from '../../../common/citation-exports.js';
import { doiUrl } from '../../../common/doi.js';
import { authorsOrLine, invertedName, type Author } from '../../../common/authors.js';
import { issueCitation, titleText } from '../../../common/citation.js';
import { textOf } from '../../../common/html.js';
import { languageCode } from '../../../common/language-codes.js';
import { licenceOf } from '../../../common/licences.js';
import type { SiteSettings } from '../../../common/schemas/settings.js';
import { datestamp } from './oai-arguments.js';
import { dublinCore, parentElement, textElement } from './oai-xml.js';
import type { OaiRecordRow } from './oai.repository.js';

/** What every record of one journal in an answer shares: the public origin, the host in identifiers, the journal. */
export interface Repository {
  origin: string;
  host: string;
  settings: SiteSettings;
  /** The sets a record of a volume belongs to, as its header names them. */
  setSpecs: (volume: number) => string[];
}

const identifierPrefix = (host: string) => `oai:${host}:article/`;
const oaiIdentifier = (host: string, refnumber: string) => identifierPrefix(host) + refnumber;

/** The reference number an identifier of this repository names, or null. */
export function refnumberOf(identifier: string, host: string): string | null {
  const prefix = identifierPrefix(host);
  const refnumber = identifier.startsWith(prefix) ? identifier.slice(prefix.length) : '';
  return /^\d{1,20}$/.test(refnumber) ? refnumber : null;
}

/** One set per volume: 'vol:12'. */
export const setSpec = (volume: number) => `vol:${volume}`;

/** The volume a set spec names, or null. */
export function volumeOf(spec: string): number | null {
  const match = /^vol:(\d{1,9})$/.exec(spec);
  return match ? Number(match[1]) : null;
}

/** An article readers cannot see (disabled, or its issue a draft again) is the deleted record of its identifier. */
export const isDeleted = (row: Pick<OaiRecordRow, 'status' | 'issue_published'>) =>
  row.status !== 'enabled' || row.issue_published !== 1;

export function headerXml(row: OaiRecordRow, repository: Repository): string {
  return parentElement(
    'header',
    textElement('identifier', oaiIdentifier(repository.host, row.refnumber)) +
      textElement('datestamp', datestamp(row.modification || row.creation)) +
      repository
        .setSpecs(row.volume)
        .map((spec) => textElement('setSpec', spec))
        .join(''),
    { status: isDeleted(row) ? 'deleted' : undefined },
  );
}

/** A record: the header alone for a deleted one, else the header and its Dublin Core. */
export function recordXml(row: OaiRecordRow, repository: Repository, authors: Map<number, Author[]>): string {
  const header = headerXml(row, repository);
  if (isDeleted(row)) return parentElement('record', header);
  const fields = dublinCoreFields(row, authorsOrLine(authors.get(row.id), row), repository);
  return parentElement('record', header + parentElement('metadata', dublinCore(fields)));
}

function dublinCoreFields(
  row: OaiRecordRow,
  authors: Author[],
  { origin, settings }: Repository,
): [string, string[]][] {
  return [
    ['title', [titleText(row.title)]],
    ['creator', authors.map(invertedName)],
    ['subject', keywordList(row.keywords)],
    // From the stored HTML, as every other output: its paragraphs stay apart.
    ['description', [textOf(row.abstract)]],
    ['publisher', [settings.publisher_name || settings.websitename]],
    ['date', [row.publishdate]],
    ['type', ['Text', 'info:eu-repo/semantics/article', 'info:eu-repo/semantics/publishedVersion']],
    ['format', row.file ? ['application/pdf'] : []],
    ['identifier', [origin + articlePath(row), ...(row.doi ? [doiUrl(row.doi)] : [])]],
    // The citation of the issue, then each ISSN alone, which is how harvesters recognise the journal.
    ['source', [issueCitation(row, settings.websitename), settings.issn, settings.journal_essn]],
    // The article's language: there is no column of its own, so the journal's first ('English, Hindi' -> 'en').
    ['language', [languageCode(firstLanguage(settings.journal_language))].filter(Boolean)],
    ['rights', [licenceOf(row)].filter(Boolean)],
  ];
}

/** A volume's set name, like the issue headings: 'Vol. 12 (2026)', or 'Vol. 12 (2025-2026)' across years. */
export const volumeName = (volume: number, firstYear: number, lastYear: number) =>
  `Vol. ${volume} (${firstYear === lastYear ? firstYear : `${firstYear}-${lastYear}`})`;
