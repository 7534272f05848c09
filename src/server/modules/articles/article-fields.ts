import crypto from 'node:crypto';
import { toPlainText } from '../../storage/sanitize.js';

/** Key for the unique-title rule: the plain text of the title, case and spacing ignored. */
export function titleKey(title: string): string {
  const normal = toPlainText(title).toLowerCase().replace(/\s+/g, ' ').trim();
  return crypto.createHash('sha256').update(normal).digest('hex');
}

/** The numeric first page of a 'a-b' page range, used to order an issue. */
export function firstPageOf(pagenumber: string): number {
  const match = /^\s*(\d+)/.exec(pagenumber);
  return match ? Number(match[1]) : 0;
}
