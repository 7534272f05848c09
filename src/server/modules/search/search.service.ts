import { SEARCH_KEYWORD_MAX_CHARS, SEARCH_PAGE_SIZE, type SearchResults } from '../../../common/schemas/archives.js';
import type { JournalDb } from '../../db/database.js';
import { isReferenceNumber, toSummary } from '../archives/archives.service.js';
import { searchArticles } from './search.repository.js';

const MAX_WORDS = 16;
/** Deeper pages than this are not useful to a reader and would only cost the database. */
const MAX_SEARCH_PAGE = 200;
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The searchable words of a keyword: runs of letters, marks and digits, at most MAX_WORDS of them. */
function searchWords(keyword: string): string[] {
  return (keyword.normalize('NFC').match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

export class SearchService {
  constructor(private readonly db: JournalDb) {}

  /** Ranked full-text search over title, authors, keywords and abstract, plus an exact reference number; enabled only. */
  async search(rawKeyword: string, page = 1): Promise<SearchResults> {
    // Control characters mean nothing to a search and PostgreSQL refuses NUL outright.
    const keyword = rawKeyword.replace(CONTROL_CHARACTERS, ' ').trim().slice(0, SEARCH_KEYWORD_MAX_CHARS);
    const current = Math.min(Math.max(1, Math.trunc(page) || 1), MAX_SEARCH_PAGE);
    const empty: SearchResults = { keyword, total: 0, page: current, page_size: SEARCH_PAGE_SIZE, results: [] };
    const words = searchWords(keyword);
    const refnumber = isReferenceNumber(keyword) ? keyword : '';
    if (words.length === 0 && !refnumber) return empty;
    const { total, rows } = await searchArticles(this.db, {
      words,
      refnumber,
      limit: SEARCH_PAGE_SIZE,
      offset: (current - 1) * SEARCH_PAGE_SIZE,
    });
    return { ...empty, total, results: rows.map((row) => toSummary(row, row)) };
  }
}
