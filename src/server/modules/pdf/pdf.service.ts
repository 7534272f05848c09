import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { authorsOrLine, placeOf } from '../../../common/authors.js';
import { splitAuthors } from '../../../common/citation.js';
import type { SiteSettings } from '../../../common/schemas/settings.js';
import type { WriteClock } from '../../cache/write-clock.js';
import type { JournalDb } from '../../db/database.js';
import type { EditorRow } from '../../db/schema.js';
import type { Author } from '../../../common/authors.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { PrintedAuthor } from '../../pdf/affiliations.js';
import type { BoardMember } from '../../pdf/editorial-board.js';
import { journalInfo, type JournalInfo } from '../../pdf/journal-info.js';
import type { Signatory } from '../../pdf/page-parts.js';
import { asciiSlug, namePart, zipStream, type ZipEntry } from '../../pdf/zip-stream.js';
import { sanitizeTitle, toPlainText } from '../../storage/sanitize.js';
import { listAuthorsOf } from '../articles/article-authors.repository.js';
import { sameName } from '../articles/author-renames.js';
import { findAuthorRenames } from '../articles/author-renames.repository.js';
import { listEnabledEditors } from '../editors/editors.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import { DocumentCache, type DocumentCacheLimits } from './document-cache.js';
import { GenerationQueue } from './generation-queue.js';
import {
  findArticlesByIds,
  findChiefEditor,
  findEditorsByIds,
  findPublishedArticle,
  type PdfArticleRow,
} from './pdf.repository.js';

/** The uploaded pictures the documents draw, as PDFs can draw them; null for none. */
export interface DocumentPictures {
  /** The journal's logo; without one, the built-in emblem. */
  pdfLogo(): Promise<Buffer | null>;
  /** The certificate signatory's signature (decision 127). */
  pdfSignature(): Promise<Buffer | null>;
}

/** A certificate asked for under a name its author had before a correction (decision 126): the name it is now. */
export interface RenamedAuthor {
  refnumber: string;
  renamedTo: string;
}

/** A generated file and how to name it in the download: a whole PDF, or a zip streamed as it is made. */
export interface GeneratedFile {
  filename: string;
  contentType: 'application/pdf' | 'application/zip';
  body: Buffer | Readable;
}

export interface PdfLimits extends DocumentCacheLimits {
  /** Documents that may wait for their turn before requests are refused as busy. */
  maxWaiting: number;
}

/** A document takes 5-50 ms, so a full queue empties within about two seconds (BUSY_RETRY_AFTER_SECONDS). */
const DEFAULT_LIMITS: PdfLimits = { maxWaiting: 32, maxBytes: 16 * 1024 * 1024 };

/**
 * The drawing code and its libraries (pdfkit, fontkit: about 8 MB of the heap) load with the first document a process
 * draws, not with the server: most processes serve pages all day and draw none (decision 109).
 */
const drawings = () => import('../../pdf/drawings.js');
type Drawings = Awaited<ReturnType<typeof drawings>>;

/** A zip entry drawn as soon as it is called. */
type DocumentEntry = ZipEntry & { render: () => Readable };

const pdf = (filename: string, body: Buffer): GeneratedFile => ({ filename, contentType: 'application/pdf', body });

const today = () => new Date().toISOString().slice(0, 10);

function missingIds(ids: number[], found: { id: number }[], what: string): HttpError | null {
  const present = new Set(found.map((row) => row.id));
  const missing = ids.filter((id) => !present.has(id));
  if (missing.length === 0) return null;
  const listed = missing.slice(0, 10).join(', ') + (missing.length > 10 ? ', …' : '');
  return new HttpError(404, 'not_found', `No ${what} with id ${listed}.`);
}

function boardMember(row: EditorRow, showContacts: boolean): BoardMember {
  return {
    name: row.name,
    category: row.category,
    degree: row.degree,
    post: toPlainText(row.post),
    affiliation: row.content,
    country: row.country,
    contacts: showContacts ? [row.email, row.phone, row.editor_website].filter(Boolean) : [],
  };
}

/**
 * Each name of the article's author line with the affiliation of the author at its place in the structured list
 * (decision 100: the line is written from the list); an article whose list does not match its line prints names only.
 */
function printedAuthors(article: PdfArticleRow, stored: Map<number, Author[]>): PrintedAuthor[] {
  const names = splitAuthors(article.authorname);
  const authors = authorsOrLine(stored.get(article.id), article);
  const matches = authors.length === names.length;
  return names.map((name, index) => ({ name, affiliation: matches ? placeOf(authors[index]!) : '' }));
}

function certificateDoc(
  draw: Drawings,
  journal: JournalInfo,
  article: PdfArticleRow,
  author: PrintedAuthor,
  signatory: Signatory | null,
): Readable {
  return draw.publicationCertificate({
    journal,
    author: author.name,
    affiliation: author.affiliation,
    title: sanitizeTitle(article.title),
    volume: article.volume,
    issue: article.issue,
    year: article.year,
    date: article.publishdate,
    refnumber: article.refnumber,
    signatory,
  });
}

/**
 * Certificates, cover pages, the editorial board and the table of contents, from database records only.
 * Every document is made in its turn of one queue; the board and tables of contents are remembered
 * until the next change of public data (the write clock).
 */
export class PdfService {
  private readonly queue: GenerationQueue;
  private readonly documents: DocumentCache;

  constructor(
    private readonly db: JournalDb,
    private readonly settings: SettingsService,
    clock: WriteClock,
    private readonly pictures: DocumentPictures,
    limits: Partial<PdfLimits> = {},
  ) {
    const { maxWaiting, ...cacheLimits } = { ...DEFAULT_LIMITS, ...limits };
    this.queue = new GenerationQueue(maxWaiting);
    this.documents = new DocumentCache(clock, cacheLimits);
  }

  /** The journal as its documents show it, and the code that draws them. */
  private async drawingFor(settings: SiteSettings): Promise<{ journal: JournalInfo; draw: Drawings }> {
    const [logo, draw] = await Promise.all([this.pictures.pdfLogo(), drawings()]);
    return { journal: journalInfo(settings, logo), draw };
  }

  /** Draws a document on its turn in the queue and returns it whole. */
  private async generate(draw: () => Readable): Promise<Buffer> {
    return buffer(await this.queue.run(draw));
  }

  private async published(refno: string): Promise<PdfArticleRow> {
    const article = refno.trim() ? await findPublishedArticle(this.db, refno.trim()) : undefined;
    if (!article) throw notFound(`No published article has the reference number ${refno.trim() || '(empty)'}.`);
    return article;
  }

  /**
   * Who signs certificates of publication (decision 127): the signatory named in the settings, with their signature
   * picture when one is uploaded; else the Editor-in-Chief, as before there was a setting.
   */
  private async certificateSignatory(settings: SiteSettings): Promise<Signatory | null> {
    const name = settings.certificate_signatory_name;
    if (name)
      return { name, role: settings.certificate_signatory_title, signature: await this.pictures.pdfSignature() };
    const chief = await findChiefEditor(this.db);
    return chief ? { name: chief.name, role: 'Editor-in-Chief' } : null;
  }

  /** The article's authors as the documents print them, with their affiliations. */
  private async authorsOf(article: PdfArticleRow): Promise<PrintedAuthor[]> {
    return printedAuthors(article, await listAuthorsOf(this.db, [article.id]));
  }

  /**
   * The name an author of the article has now, when `oldName` is one they had before a correction (decision 126);
   * null when it names nobody who was ever an author.
   */
  private async renamed(article: PdfArticleRow, oldName: string, authors: PrintedAuthor[]): Promise<string | null> {
    const rename = (await findAuthorRenames(this.db, article.id)).find((row) => sameName(row.old_name, oldName));
    return rename ? (authors.find((author) => sameName(author.name, rename.new_name))?.name ?? null) : null;
  }

  /**
   * The certificate of one of the article's own authors; a name the author had before a correction gives the name to
   * ask for instead, and any other name is refused.
   */
  async certificate(refno: string, authorName: string): Promise<GeneratedFile | RenamedAuthor> {
    const article = await this.published(refno);
    const authors = await this.authorsOf(article);
    const position = authors.findIndex((author) => sameName(author.name, authorName));
    if (position < 0) {
      const renamedTo = await this.renamed(article, authorName, authors);
      if (renamedTo) return { refnumber: article.refnumber, renamedTo };
      throw notFound(`${authorName.trim() || 'That name'} is not an author of article ${article.refnumber}.`);
    }
    const author = authors[position]!;
    const settings = await this.settings.get();
    const [signatory, { journal, draw }] = await Promise.all([
      this.certificateSignatory(settings),
      this.drawingFor(settings),
    ]);
    // Each author's file has its own name; a name without Latin letters falls back to its place in the list.
    const slug = asciiSlug(author.name) || `author-${position + 1}`;
    const name = `certificate-${article.refnumber}-${slug}.pdf`;
    return pdf(name, await this.generate(() => certificateDoc(draw, journal, article, author, signatory)));
  }

  async coverPage(refno: string): Promise<GeneratedFile> {
    const article = await this.published(refno);
    const [settings, authors] = await Promise.all([this.settings.get(), this.authorsOf(article)]);
    const { journal, draw } = await this.drawingFor(settings);
    const doc = await this.generate(() =>
      draw.coverPage({
        journal,
        variant: settings.cover_page_variant,
        title: sanitizeTitle(article.title),
        authors,
        volume: article.volume,
        issue: article.issue,
        year: article.year,
        frequency: article.frequency,
        pagenumber: article.pagenumber,
        refnumber: article.refnumber,
        publishdate: article.publishdate,
      }),
    );
    return pdf(`coverpage-${article.refnumber}.pdf`, doc);
  }

  async editorialBoard(): Promise<GeneratedFile> {
    const body = await this.documents.get('editorial-board', async () => {
      const [settings, editors] = await Promise.all([this.settings.get(), listEnabledEditors(this.db)]);
      const members = editors.map((row) => boardMember(row, settings.show_editor_contacts));
      const { journal, draw } = await this.drawingFor(settings);
      return this.generate(() => draw.editorialBoard(journal, members));
    });
    return pdf('editorial-board.pdf', body);
  }

  private async selectedArticles(ids: number[]): Promise<PdfArticleRow[]> {
    const articles = await findArticlesByIds(this.db, ids);
    const problem = missingIds(ids, articles, 'article');
    if (problem) throw problem;
    return articles;
  }

  /** The table of contents depends only on which articles are selected: the database sets their order. */
  async indexPage(ids: number[]): Promise<GeneratedFile> {
    const key = `index-page:${[...new Set(ids)].sort((a, b) => a - b).join(',')}`;
    const body = await this.documents.get(key, async () => {
      const [articles, settings] = await Promise.all([this.selectedArticles(ids), this.settings.get()]);
      const entries = articles.map((article) => ({
        ...article,
        title: sanitizeTitle(article.title),
        authors: splitAuthors(article.authorname),
      }));
      const { journal, draw } = await this.drawingFor(settings);
      return this.generate(() => draw.indexPage(journal, entries));
    });
    return pdf('index-page.pdf', body);
  }

  /**
   * A zip whose entries are made one by one as the client reads, each in its turn of the queue, so
   * a long zip never holds up public documents and a slow reader holds no place in the queue. The
   * zip itself is refused as busy when the queue is full.
   */
  private async zip(filename: string, entries: Iterable<DocumentEntry>): Promise<GeneratedFile> {
    this.queue.admit();
    const queue = this.queue;
    function* queued(): Generator<ZipEntry> {
      for (const { name, render } of entries) yield { name, render: () => queue.run(render, { admitted: true }) };
    }
    return { filename, contentType: 'application/zip', body: await zipStream(queued()) };
  }

  /** A zip with the certificate of every author of every selected article. */
  async bulkCertificates(ids: number[]): Promise<GeneratedFile> {
    const [articles, settings, stored] = await Promise.all([
      this.selectedArticles(ids),
      this.settings.get(),
      listAuthorsOf(this.db, ids),
    ]);
    const [signatory, { journal, draw }] = await Promise.all([
      this.certificateSignatory(settings),
      this.drawingFor(settings),
    ]);
    function* entries(): Generator<DocumentEntry> {
      for (const article of articles) {
        for (const [index, author] of printedAuthors(article, stored).entries()) {
          yield {
            name: `certificate-${article.refnumber}-${index + 1}-${namePart(author.name)}.pdf`,
            render: () => certificateDoc(draw, journal, article, author, signatory),
          };
        }
      }
    }
    return this.zip('certificates.zip', entries());
  }

  /** A zip with a certificate of editorial board membership for each selected editor. */
  async editorsCertificates(ids: number[]): Promise<GeneratedFile> {
    const [editors, settings, chief] = await Promise.all([
      findEditorsByIds(this.db, ids),
      this.settings.get(),
      findChiefEditor(this.db),
    ]);
    const problem = missingIds(ids, editors, 'editor');
    if (problem) throw problem;
    const { journal, draw } = await this.drawingFor(settings);
    const date = today();
    const entries = editors.map((editor): DocumentEntry => ({
      name: `editor-certificate-${editor.id}-${namePart(editor.name)}.pdf`,
      render: () =>
        draw.membershipCertificate({
          journal,
          name: editor.name,
          category: editor.category,
          post: toPlainText(editor.post),
          affiliation: editor.content,
          date,
          signatory: signatoryFor(editor, chief, settings),
        }),
    }));
    return this.zip('editors-certificates.zip', entries);
  }
}

/** The Editor-in-Chief signs, except on their own certificate, which the publisher's head signs. */
function signatoryFor(
  editor: EditorRow,
  chief: { id: number; name: string } | undefined,
  settings: SiteSettings,
): Signatory | null {
  if (chief && chief.id !== editor.id) return { name: chief.name, role: 'Editor-in-Chief' };
  return settings.publisher_head ? { name: settings.publisher_head, role: 'Publisher' } : null;
}
