import { z } from '../../../../common/schemas/zod-config.js';
import type { ImportedEditor, ImportedIndexingEntry } from '../import-plan.js';
import { editorAnswer, indexingAnswer, type EditorAnswer, type IndexingAnswer } from './site-answers.js';
import { callJson } from './site-calls.js';
import { report, type SiteReadContext } from './site-context.js';
import { unlikeJournalSite } from './site-errors.js';
import { siteFile } from './site-files.js';
import { storedHtml } from './site-text.js';

const EDITORS_PATH = '/api/editors/';
const INDEXING_PATH = '/api/indexing/';

/** The editorial board as the site shows it, each editor with a picture downloaded when the import reads it. */
export async function readEditors(context: SiteReadContext): Promise<ImportedEditor[]> {
  const answers = await readList(context, EDITORS_PATH, editorAnswer, 'editors');
  const editors = answers.map((answer) => editorOf(context, answer));
  if (editors.length > 0 && editors.every((editor) => !editor.email && !editor.phone && !editor.editor_website)) {
    report(
      context,
      'editors',
      "No editor's email, phone or web site is public on the site (this product shows them only while its contacts switch is on): none is copied.",
    );
  }
  reportDisabledNotPublic(context, 'editors', answers);
  return editors;
}

/** The indexing entries as the site shows them, each with its logo downloaded when the import reads it. */
export async function readIndexing(context: SiteReadContext): Promise<ImportedIndexingEntry[]> {
  const answers = await readList(context, INDEXING_PATH, indexingAnswer, 'indexing entries');
  reportDisabledNotPublic(context, 'indexing entries', answers);
  return answers.map((answer, index) => indexingEntryOf(context, answer, index));
}

/** A public list; one the site keeps for its staff (a 4xx) is reported and read as empty. */
async function readList<T>(context: SiteReadContext, path: string, item: z.ZodType<T>, what: string): Promise<T[]> {
  const list = await callJson(context.client, path, z.array(item), `a list of ${what}`);
  context.progress.called(what);
  if (list.ok) return list.value;
  if (list.status >= 400 && list.status < 500) {
    report(
      context,
      what,
      `GET ${path} answered ${list.why}: the site does not show its ${what} publicly, so none are read.`,
    );
    return [];
  }
  throw unlikeJournalSite(context.client, path, list.why);
}

/** `what` names the records, as the notice's record and in its message. */
function reportDisabledNotPublic(context: SiteReadContext, what: string, answers: { status?: string }[]): void {
  if (answers.some((answer) => answer.status === 'disabled')) return;
  report(context, what, `Those the site has disabled are not public, so not read: only the enabled ${what} are.`);
}

function editorOf(context: SiteReadContext, answer: EditorAnswer): ImportedEditor {
  const name = answer.name ?? '';
  return {
    record: `editor '${name}'`,
    name,
    category: answer.category?.trim().toLowerCase() ?? '',
    post: storedHtml(answer.post ?? ''),
    degree: answer.degree ?? '',
    content: answer.content ?? '',
    email: answer.email ?? '',
    phone: answer.phone ?? '',
    country: answer.country ?? '',
    editor_website: answer.editor_website ?? '',
    status: answer.status ?? 'enabled',
    is_pinned: answer.is_pinned,
    picture: picture(context, 'editors', answer.picture),
  };
}

function indexingEntryOf(context: SiteReadContext, answer: IndexingAnswer, index: number): ImportedIndexingEntry {
  const title = answer.title ?? '';
  return {
    record: `indexing entry '${title}'`,
    title,
    link: answer.link ?? '',
    // The public list is in order: its position stands for a missing sortnumber.
    sortnumber: answer.sortnumber ?? index + 1,
    status: answer.status ?? 'enabled',
    logo: picture(context, 'indexing', answer.image),
  };
}

/**
 * A picture at assets/{folder}/{file} (specification: File locations). A value that is already a path of the site
 * ('/assets/editors/x.png', 'assets/editors/x.png') is taken as it is.
 */
function picture(context: SiteReadContext, folder: 'editors' | 'indexing', value: string | undefined) {
  const file = value?.trim();
  if (!file) return null;
  const isPath = file.includes('/');
  const path = isPath ? `/${file.replace(/^\/+/, '')}` : `/assets/${folder}/${encodeURIComponent(file)}`;
  const name = isPath ? path.slice(path.lastIndexOf('/') + 1) : file;
  return siteFile(context.client, path, name, 'picture', context.maxFileBytes);
}
