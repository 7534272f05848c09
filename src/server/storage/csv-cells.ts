/**
 * A spreadsheet program opening a CSV file runs a cell that starts like a formula: with =, +, - or @ (or their
 * full-width forms, which some read alike), or with a tab or a carriage return before one (OWASP, CSV injection). A
 * title "=HYPERLINK(…)" would become a link, or worse, on the machine of whoever opens an export. So every text cell
 * of every CSV file the product writes goes through csvText: such a cell gets a leading apostrophe, which spreadsheet
 * programs read as "this cell is text" and do not show.
 *
 * The spreadsheet export is read back by the import (decision 102), so the escape is undone when a CSV file is read
 * (csvValue) and must give back every value exactly. A value that starts with apostrophes before such a character
 * ("'=A1", as typed to keep it text) gets one more too: then the escaped cells are exactly those that start with one
 * or more apostrophes and such a character, each one apostrophe longer than its value, and nothing else changes.
 * (csv-stringify's `escape_formulas` leaves "'=A1" as it is, which would read back as "=A1".)
 */
const RUNS = '[=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]';
const FORMULA_START = new RegExp(`^'*${RUNS}`);
const ESCAPED = new RegExp(`^'+${RUNS}`);

/** A text cell as a CSV file holds it: an apostrophe before a value a spreadsheet program would run. */
export const csvText = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** The value of a text cell read from a CSV file: one apostrophe less where csvText added one. */
export const csvValue = (cell: string): string => (ESCAPED.test(cell) ? cell.slice(1) : cell);
