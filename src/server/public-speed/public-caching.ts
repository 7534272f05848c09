import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WriteClock } from '../cache/write-clock.js';
import type { Config } from '../config.js';
import { publicCacheControl } from '../http/answer-caching.js';

/** The public data an answer was made from, read off the write clock before the answer's reads. */
export interface DataVersion {
  version: number;
  changedAt: number;
}

/**
 * How an answer's bytes were made from its data: the content coding the client accepted ('br', 'gzip',
 * 'identity' ...), and whether they were made for this one answer (compressed fast) or kept
 * (compressed closely). Two answers of one version and one form are the same bytes, as strong tags require.
 */
export interface AnswerForm {
  coding: string;
  once: boolean;
}

/** Versions count from 0 in every process, so a tag also names the process that made it. */
const PROCESS_TAG = crypto.randomBytes(6).toString('base64url');

const entityTag = (data: DataVersion, form: AnswerForm, weak: boolean) =>
  `${weak ? 'W/' : ''}"${PROCESS_TAG}.${data.version}.${form.coding}${form.once ? '.once' : ''}"`;

const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '');

/** HTTP dates have whole seconds: a change within a second is 'modified' at that second's start. */
const lastModified = (data: DataVersion) => Math.floor(data.changedAt / 1000) * 1000;

/** The Last-Modified header of the data version most answers are made from, written once per version. */
let lastModifiedHeader = { at: NaN, text: '' };
function lastModifiedText(data: DataVersion): string {
  const at = lastModified(data);
  if (at !== lastModifiedHeader.at) lastModifiedHeader = { at, text: new Date(at).toUTCString() };
  return lastModifiedHeader.text;
}

/**
 * Validators and freshness for public answers (pages, sitemap, feed, OAI-PMH): a strong ETag and a
 * Last-Modified from the write clock's version, Cache-Control from PUBLIC_MAX_AGE, and 304 for a client
 * or proxy whose copy is still current (docs/decisions/022-http-caching.md). Private answers never pass
 * here; http/answer-caching.ts marks them no-store.
 */
export class PublicCaching {
  private readonly cacheControl: string;
  /** The last version read, kept so that answers of one version share one object. */
  private data: DataVersion = { version: NaN, changedAt: NaN };

  constructor(
    private readonly clock: WriteClock,
    config: Pick<Config, 'PUBLIC_MAX_AGE'>,
  ) {
    this.cacheControl = publicCacheControl(config.PUBLIC_MAX_AGE);
  }

  /** The data version now: read it before reading the data, so that a write in between makes older validators. */
  current(): DataVersion {
    const version = this.clock.version();
    if (version !== this.data.version) this.data = { version, changedAt: this.clock.changedAt() };
    return this.data;
  }

  /**
   * Answers 304 when the client's copy was made from `data` in the accepted coding (either form: both are
   * current), with that copy's validators; false when a full answer is needed.
   */
  notModified(
    request: FastifyRequest,
    reply: FastifyReply,
    data: DataVersion,
    coding: string,
    options: { weak?: boolean } = {},
  ): boolean {
    const weak = options.weak ?? false;
    const copy = currentCopy(request, data, coding, weak);
    if (copy === null) return false;
    reply.code(304);
    this.mark(reply, data, copy, weak);
    return true;
  }

  /** The validators and freshness of a full public answer. */
  mark(reply: FastifyReply, data: DataVersion, form: AnswerForm, weak = false): void {
    reply
      .header('etag', entityTag(data, form, weak))
      .header('last-modified', lastModifiedText(data))
      .header('cache-control', this.cacheControl);
  }

  /**
   * The freshness of a public page's redirect (`/archives` to the newest year): it follows the data as the page
   * would. A cache keeps it, so requests for it do not wait on each other behind nginx's cache lock.
   */
  markRedirect(reply: FastifyReply): void {
    reply.header('cache-control', this.cacheControl);
  }
}

/**
 * The form of the client's copy when it is current (RFC 9110 §13.1.2-3: If-None-Match, compared weakly,
 * decides when present; otherwise If-Modified-Since), else null.
 */
function currentCopy(request: FastifyRequest, data: DataVersion, coding: string, weak: boolean): AnswerForm | null {
  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifNoneMatch === undefined && ifModifiedSince === undefined) return null;
  const forms: AnswerForm[] = [
    { coding, once: false },
    { coding, once: true },
  ];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return forms[0]!;
    const listed = new Set(ifNoneMatch.split(',').map(opaqueTag));
    return forms.find((form) => listed.has(opaqueTag(entityTag(data, form, weak)))) ?? null;
  }
  const since = Date.parse(ifModifiedSince ?? '');
  return Number.isFinite(since) && lastModified(data) <= since ? forms[0]! : null;
}
