import path from 'node:path';
import type { ImportedFile } from '../import-plan.js';
import type { EmbeddedText } from './ojs-embeds.js';
import { downloadedPdf, embeddedPdf, localPdf } from './ojs-files.js';
import { problem, report, type ReadContext } from './read-context.js';
import { attributeOf, childOf, childrenOf, localisedText, textOf, type XmlElement } from './xml-element.js';

/** The article being read, as the choice of its PDF needs it. */
export interface ArticleSource {
  article: XmlElement;
  /** The version imported (ojs-articles.ts). */
  publication: XmlElement;
  locale: string;
  record: string;
}

interface Galley {
  label: string;
  locale: string;
  /** The submission file the galley shows, when the export holds it. */
  file: XmlElement | undefined;
  /** Its revision the galley shows (OJS before 3.3 kept each revision inside its submission file). */
  revision: XmlElement | undefined;
  fileRef: string;
  remote: string;
  pdf: boolean;
}

/** The file stages of a review round (pkp-native.xsd): the reviewers' files and the authors' revisions. */
const REVIEW_STAGES = new Set(['review_file', 'review_attachment', 'review_revision']);

/**
 * The article's PDF: the current version's PDF galley in the article's language, else its first PDF galley. Every
 * other galley, and every submission file no galley shows (manuscripts, review rounds), is reported.
 */
export function articlePdf(source: ArticleSource, context: ReadContext): ImportedFile | null {
  const files = new Map(submissionFilesOf(source.article).map((file) => [attributeOf(file, 'id'), file]));
  const galleys = childrenOf(source.publication, 'article_galley').map((galley) => galleyOf(galley, files, source));
  const chosen =
    galleys.find((galley) => galley.pdf && [source.locale, ''].includes(galley.locale)) ??
    galleys.find((galley) => galley.pdf);
  for (const galley of galleys) {
    if (galley !== chosen) report(context, source.record, galleyLeftOut(galley, chosen));
  }
  reportFilesOfNoGalley(source, files, context);
  return chosen?.file ? pdfOf(chosen.file, chosen.revision, source, context) : null;
}

/** OJS before 3.3 wrote images and supplementary files under names of their own, in the substitution group. */
const submissionFilesOf = (article: XmlElement) =>
  ['submission_file', 'supplementary_file', 'artwork_file'].flatMap((name) => childrenOf(article, name));

function galleyOf(galley: XmlElement, files: Map<string, XmlElement>, source: ArticleSource): Galley {
  const reference = childOf(galley, 'submission_file_ref');
  const fileRef = attributeOf(reference, 'id');
  const file = files.get(fileRef);
  const revision = file && currentRevision(file, attributeOf(reference, 'revision'));
  return {
    label: localisedText(galley, 'name', source.locale) || 'untitled',
    locale: attributeOf(galley, 'locale'),
    file,
    revision,
    fileRef,
    remote: attributeOf(childOf(galley, 'remote'), 'src'),
    pdf: file !== undefined && isPdf(file, revision, source.locale),
  };
}

/**
 * The revision a submission file stands for: OJS 3.3 and later, the <file> its file_id names (else the last); before,
 * the <revision> the galley's reference numbers (else the last).
 */
function currentRevision(file: XmlElement, revisionNumber = ''): XmlElement | undefined {
  const files = childrenOf(file, 'file');
  const revisions = childrenOf(file, 'revision');
  return (
    files.find((revision) => attributeOf(revision, 'id') === attributeOf(file, 'file_id')) ??
    revisions.find((revision) => attributeOf(revision, 'number') === revisionNumber) ??
    [...files, ...revisions].at(-1)
  );
}

function isPdf(file: XmlElement, revision: XmlElement | undefined, locale: string): boolean {
  const mimeTypes = ['embed', 'href'].map((name) => attributeOf(childOf(revision, name), 'mime_type'));
  return (
    attributeOf(revision, 'extension').toLowerCase() === 'pdf' ||
    [...mimeTypes, attributeOf(revision, 'filetype')].includes('application/pdf') ||
    fileName(file, locale).toLowerCase().endsWith('.pdf')
  );
}

/** The file's name: OJS 3.3 names the submission file, earlier versions each revision (and its original file name). */
const fileName = (file: XmlElement, locale: string) => {
  const revision = currentRevision(file);
  return (
    localisedText(file, 'name', locale) ||
    attributeOf(revision, 'filename') ||
    localisedText(revision, 'name', locale) ||
    `submission file ${attributeOf(file, 'id')}`
  );
};

function galleyLeftOut(galley: Galley, chosen: Galley | undefined): string {
  const named = `The galley '${galley.label}'`;
  if (galley.remote) return `${named} links to ${galley.remote} and is not imported: only files the export holds are.`;
  if (galley.fileRef && !galley.file) {
    return `${named} names submission file ${galley.fileRef}, which the export does not hold; it is not imported.`;
  }
  if (!galley.file) return `${named} has no file and is not imported.`;
  if (galley.pdf) {
    return `The PDF galley '${galley.label}'${galley.locale ? ` (${galley.locale})` : ''} is not imported: an article here has one PDF, '${chosen?.label}'.`;
  }
  const extension = attributeOf(galley.revision, 'extension') || path.extname(attributeOf(galley.revision, 'filename'));
  const kind = extension.replace('.', '').toUpperCase() || 'non-PDF';
  return `The ${kind} galley '${galley.label}' is not imported: only PDF galleys are.`;
}

function reportFilesOfNoGalley(source: ArticleSource, files: Map<string, XmlElement>, context: ReadContext): void {
  const publications = childrenOf(source.article, 'publication');
  const shown = new Set(
    (publications.length > 0 ? publications : [source.article])
      .flatMap((publication) => childrenOf(publication, 'article_galley'))
      .map((galley) => attributeOf(childOf(galley, 'submission_file_ref'), 'id')),
  );
  const unshown = [...files.values()].filter((file) => !shown.has(attributeOf(file, 'id')));
  const isReview = (file: XmlElement) => REVIEW_STAGES.has(attributeOf(file, 'stage'));
  const named = (list: XmlElement[]) =>
    list.map((file) => `'${fileName(file, source.locale)}' (${attributeOf(file, 'stage') || 'no stage'})`).join(', ');
  const review = unshown.filter(isReview);
  const other = unshown.filter((file) => !isReview(file));
  if (review.length > 0) {
    report(context, source.record, `The files of its review rounds are not imported: ${named(review)}.`);
  }
  if (other.length > 0) {
    report(context, source.record, `Submission files that are no galley are not imported: ${named(other)}.`);
  }
}

function pdfOf(
  file: XmlElement,
  revision: XmlElement | undefined,
  source: ArticleSource,
  context: ReadContext,
): ImportedFile | null {
  return fileContentOf(fileName(file, source.locale), revision, source.record, context);
}

/**
 * The PDF an element holds as <embed> or names by <href> (a submission file's revision; OJS 2.4's galley <file>);
 * null, reported, when it holds neither.
 */
export function fileContentOf(
  name: string,
  holder: XmlElement | undefined,
  record: string,
  context: ReadContext,
): ImportedFile | null {
  const embed = childOf(holder, 'embed');
  if (embed) return embeddedPdf(name, embeddedText(embed, context), context.limits);
  const src = attributeOf(childOf(holder, 'href'), 'src');
  if (src) return linkedPdf(name, src, record, context);
  report(context, record, `The PDF '${name}' has no content in the export and is not imported.`);
  return null;
}

/** Where the base64 of this <embed> lies ("#n", ojs-embeds.ts); an empty <embed/> has none, an empty place. */
function embeddedText(embed: XmlElement, context: ReadContext): EmbeddedText {
  const index = /^#(\d+)$/.exec(textOf(embed));
  return index ? context.embedded[Number(index[1])]! : { file: '', start: 0, end: 0 };
}

function linkedPdf(name: string, src: string, record: string, context: ReadContext): ImportedFile | null {
  if (context.hrefBase === null) {
    problem(
      context,
      record,
      'pdf',
      `The PDF '${name}' is linked (${src}), not embedded, and linked files are read only by an import from the ` +
        'command line: export the issue with its files embedded, or import it there.',
    );
    return null;
  }
  if (/^https?:\/\//i.test(src)) return downloadedPdf(name, src, context.limits);
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(src)) {
    report(context, record, `The PDF '${name}' is linked as ${src}, which is neither a path nor an http(s) address.`);
    return null;
  }
  return localPdf(name, path.resolve(context.hrefBase, src), context.limits);
}
