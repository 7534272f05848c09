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
  const files = new Map(childrenOf(source.article, 'submission_file').map((file) => [attributeOf(file, 'id'), file]));
  const galleys = childrenOf(source.publication, 'article_galley').map((galley) => galleyOf(galley, files, source));
  const chosen =
    galleys.find((galley) => galley.pdf && [source.locale, ''].includes(galley.locale)) ??
    galleys.find((galley) => galley.pdf);
  for (const galley of galleys) {
    if (galley !== chosen) report(context, source.record, galleyLeftOut(galley, chosen));
  }
  reportFilesOfNoGalley(source, files, context);
  return chosen?.file ? pdfOf(chosen.file, source, context) : null;
}

function galleyOf(galley: XmlElement, files: Map<string, XmlElement>, source: ArticleSource): Galley {
  const fileRef = attributeOf(childOf(galley, 'submission_file_ref'), 'id');
  const file = files.get(fileRef);
  return {
    label: localisedText(galley, 'name', source.locale) || 'untitled',
    locale: attributeOf(galley, 'locale'),
    file,
    fileRef,
    remote: attributeOf(childOf(galley, 'remote'), 'src'),
    pdf: file !== undefined && isPdf(file, source.locale),
  };
}

/** The revision a submission file stands for now: the one its file_id names (OJS's rule), else the last. */
function currentRevision(file: XmlElement): XmlElement | undefined {
  const revisions = childrenOf(file, 'file');
  return revisions.find((revision) => attributeOf(revision, 'id') === attributeOf(file, 'file_id')) ?? revisions.at(-1);
}

function isPdf(file: XmlElement, locale: string): boolean {
  const revision = currentRevision(file);
  const mimeTypes = ['embed', 'href'].map((name) => attributeOf(childOf(revision, name), 'mime_type'));
  return (
    attributeOf(revision, 'extension').toLowerCase() === 'pdf' ||
    mimeTypes.includes('application/pdf') ||
    fileName(file, locale).toLowerCase().endsWith('.pdf')
  );
}

const fileName = (file: XmlElement, locale: string) =>
  localisedText(file, 'name', locale) || `submission file ${attributeOf(file, 'id')}`;

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
  const kind = attributeOf(currentRevision(galley.file), 'extension').toUpperCase() || 'non-PDF';
  return `The ${kind} galley '${galley.label}' is not imported: only PDF galleys are.`;
}

function reportFilesOfNoGalley(source: ArticleSource, files: Map<string, XmlElement>, context: ReadContext): void {
  const shown = new Set(
    childrenOf(source.article, 'publication')
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

function pdfOf(file: XmlElement, source: ArticleSource, context: ReadContext): ImportedFile | null {
  const revision = currentRevision(file);
  const name = fileName(file, source.locale);
  const embed = childOf(revision, 'embed');
  if (embed) return embeddedPdf(name, embeddedText(embed, context), context.limits);
  const src = attributeOf(childOf(revision, 'href'), 'src');
  if (src) return linkedPdf(name, src, source, context);
  report(context, source.record, `The PDF '${name}' has no content in the export and is not imported.`);
  return null;
}

/** Where the base64 of this <embed> lies ("#n", ojs-embeds.ts); an empty <embed/> has none, an empty place. */
function embeddedText(embed: XmlElement, context: ReadContext): EmbeddedText {
  const index = /^#(\d+)$/.exec(textOf(embed));
  return index ? context.embedded[Number(index[1])]! : { file: '', start: 0, end: 0 };
}

function linkedPdf(name: string, src: string, source: ArticleSource, context: ReadContext): ImportedFile | null {
  if (context.hrefBase === null) {
    problem(
      context,
      source.record,
      'pdf',
      `The PDF '${name}' is linked (${src}), not embedded, and linked files are read only by an import from the ` +
        'command line: export the issue with its files embedded, or import it there.',
    );
    return null;
  }
  if (/^https?:\/\//i.test(src)) return downloadedPdf(name, src, context.limits);
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(src)) {
    report(
      context,
      source.record,
      `The PDF '${name}' is linked as ${src}, which is neither a path nor an http(s) address.`,
    );
    return null;
  }
  return localPdf(name, path.resolve(context.hrefBase, src), context.limits);
}
