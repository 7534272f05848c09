import { parseOrcid } from '../../../common/authors.js';
import type { Month } from '../usage/usage-data.js';
import {
  isExtensionFilter,
  recognizedParameters,
  type ListFilter,
  type ReportAttributes,
  type ReportDefinition,
  type ReportFilters,
  type ReportOptions,
} from './counter-definitions.js';
import { counterException, mergeExceptions, refuse, type CounterException } from './counter-exceptions.js';
import { matchesAnyId, type ItemIds } from './counter-identifiers.js';
import { addMonths, daysInMonth, type Period } from './counter-period.js';

/** A COUNTER API query: one text per parameter. */
export type CounterQuery = Record<string, string>;

/** The query as Fastify read it, a repeated parameter read as the pipe-separated list the API uses for lists. */
export const counterQuery = (raw: unknown): CounterQuery =>
  Object.fromEntries(
    Object.entries((raw ?? {}) as Record<string, unknown>).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join('|') : String(value),
    ]),
  );

/** Refuses with 1030 when any of the parameters is missing or empty. */
export function requireParameters(query: CounterQuery, names: string[]): void {
  const missing = names.filter((name) => !query[name]?.trim());
  if (missing.length) throw refuse(1030, `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required`);
}

/** What a report request asks for, with the Exceptions for what it asked that the server ignores. */
export interface ReportRequest {
  requested: Period;
  filters: ReportFilters;
  attributes: ReportAttributes;
  exceptions: CounterException[];
  /** The tabular form (format=tsv) instead of JSON. */
  tabular: boolean;
}

export interface RequestContext {
  /** The platform's name: the only value the platform filter may take. */
  platform: string;
  thisMonth: Month;
  /** The journal's identifiers, which tell title-level values in item_id from item-level ones. */
  titleIds: ItemIds;
}

/** Problems the server notes and goes on past (Exceptions of HTTP status 200). */
type Notes = CounterException[];

export function parseReportRequest(
  definition: ReportDefinition,
  query: CounterQuery,
  context: RequestContext,
): ReportRequest {
  const requested = requestedPeriod(query, context.thisMonth);
  const notes: Notes = [];
  noteUnrecognized(definition, query, notes);
  const filters = {
    ...platformFilter(query, context.platform, notes),
    ...(definition.options ? requestedFilters(definition.options, query, context, notes) : definition.preset),
  };
  const attributes = definition.options ? requestedAttributes(definition.options, query, notes) : {};
  const tabular = query.format?.toLowerCase() === 'tsv';
  return { requested, filters, attributes, exceptions: mergeExceptions(notes), tabular };
}

const DATE_FORM = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;

/** The month of begin_date or end_date, given as yyyy-mm-dd or yyyy-mm; 3020 for anything else. */
function monthOfDate(query: CounterQuery, name: string): Month {
  const text = query[name]!.trim();
  const [, year, month, day] = DATE_FORM.exec(text) ?? [];
  const value = `${year}-${month}`;
  const valid =
    Number(year) >= 1 &&
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    (day === undefined || (Number(day) >= 1 && Number(day) <= daysInMonth(value)));
  if (!year || !valid) throw refuse(3020, `${name}: ${text} is not a date (yyyy-mm-dd or yyyy-mm)`);
  return value;
}

/** The months asked for; 3020 when they run backwards or begin with a month that is not over yet. */
function requestedPeriod(query: CounterQuery, thisMonth: Month): Period {
  const period = { begin: monthOfDate(query, 'begin_date'), end: monthOfDate(query, 'end_date') };
  if (period.end < period.begin)
    throw refuse(3020, `end_date (${query.end_date}) is before begin_date (${query.begin_date})`);
  if (period.begin >= thisMonth)
    throw refuse(
      3020,
      `begin_date: usage for ${period.begin} is not complete yet; the last month available is ${addMonths(thisMonth, -1)}`,
    );
  return period;
}

function noteUnrecognized(definition: ReportDefinition, query: CounterQuery, notes: Notes): void {
  const recognized = recognizedParameters(definition);
  const unknown = Object.keys(query).filter((name) => !recognized.includes(name));
  if (unknown.length) notes.push(counterException(3050, `Not recognized by ${definition.id}: ${unknown.join(', ')}`));
  if (query.format !== undefined && !['json', 'tsv'].includes(query.format.toLowerCase()))
    notes.push(counterException(3050, `format: ${query.format} (json, or tsv for the tabular report)`));
}

/** Each journal is a platform of its own: another platform's name is a filter value this server cannot apply. */
function platformFilter(query: CounterQuery, platform: string, notes: Notes): ReportFilters {
  const asked = query.platform?.trim();
  if (!asked) return {};
  if (asked.toLowerCase() === platform.toLowerCase()) return { Platform: platform };
  notes.push(counterException(3060, `platform: ${asked} is not on this server, which reports ${platform}`));
  return {};
}

const listOf = (text: string) => [...new Set(text.split('|').map((value) => value.trim()))].filter(Boolean);

/**
 * The values of a list parameter the Code allows, spelt as the Code spells them; the others are noted with `code`
 * and ignored. Undefined when none is left: the default (all) applies.
 */
function allowedValues(
  query: CounterQuery,
  parameter: string,
  allowed: readonly string[],
  code: 3060 | 3062,
  notes: Notes,
): string[] | undefined {
  if (query[parameter] === undefined) return undefined;
  const spelt = (value: string) => allowed.find((name) => name.toLowerCase() === value.toLowerCase());
  const values = listOf(query[parameter]);
  const refused = values.filter((value) => !spelt(value));
  if (refused.length) notes.push(counterException(code, `${parameter}: ${refused.join(', ')} not supported`));
  const accepted = [...new Set(values.map(spelt).filter((value) => value !== undefined))];
  return accepted.length ? accepted : undefined;
}

function requestedFilters(
  options: ReportOptions,
  query: CounterQuery,
  context: RequestContext,
  notes: Notes,
): ReportFilters {
  const filters: ReportFilters = {};
  for (const [filter, allowed] of Object.entries(options.lists) as [ListFilter, string[]][]) {
    const values = allowedValues(query, filter.toLowerCase(), allowed, 3060, notes);
    if (values) filters[filter] = values;
  }
  for (const name of Object.keys(query).filter(isExtensionFilter))
    notes.push(counterException(3060, `${name}: not supported; usage is not attributed to institutions or places`));
  return {
    ...filters,
    ...(options.yop ? yopFilter(query, notes) : {}),
    ...(options.itemId ? itemIdFilter(query, context.titleIds, notes) : {}),
    ...(options.author ? authorFilter(query, notes) : {}),
  };
}

const YOP_FORM = /^(\d{4})(?:-(\d{4}))?$/;

function yopFilter(query: CounterQuery, notes: Notes): ReportFilters {
  if (query.yop === undefined) return {};
  const values = listOf(query.yop);
  const isRange = (value: string) => {
    const [, from, to] = YOP_FORM.exec(value) ?? [];
    return from !== undefined && (to === undefined || from <= to);
  };
  const refused = values.filter((value) => !isRange(value));
  if (refused.length) notes.push(counterException(3060, `yop: ${refused.join(', ')} (yyyy or yyyy-yyyy)`));
  const accepted = values.filter(isRange);
  return accepted.length ? { YOP: accepted } : {};
}

/** Identifiers of titles and of items mixed in one list cannot be applied together (3061). */
function itemIdFilter(query: CounterQuery, titleIds: ItemIds, notes: Notes): ReportFilters {
  const values = listOf(query.item_id ?? '');
  if (values.length === 0) return {};
  const titleLevel = values.filter((value) => matchesAnyId(titleIds, [value]));
  if (titleLevel.length > 0 && titleLevel.length < values.length) {
    notes.push(counterException(3061, `item_id: ${titleLevel.join(', ')} name the journal, the others its items`));
    return {};
  }
  return { Item_ID: values.join('|') };
}

/** Authors are named by their ORCID iD (bare, as ORCID:… or as its orcid.org address). */
function authorFilter(query: CounterQuery, notes: Notes): ReportFilters {
  const text = query.author?.trim();
  if (!text) return {};
  if (parseOrcid(text.replace(/^ORCID:/i, ''))) return { Author: text };
  notes.push(counterException(3060, `author: ${text} is not an ORCID iD`));
  return {};
}

function requestedAttributes(options: ReportOptions, query: CounterQuery, notes: Notes): ReportAttributes {
  const shown = allowedValues(query, 'attributes_to_show', options.attributes, 3062, notes);
  return {
    ...(shown ? { Attributes_To_Show: shown } : {}),
    ...granularity(query, notes),
    ...(options.parentDetails ? itemDetails(query, notes) : {}),
  };
}

/** Month is the default; Total sums the period (the Code writes it "Totals", the API "Total": both are read). */
function granularity(query: CounterQuery, notes: Notes): ReportAttributes {
  const value = query.granularity?.trim().toLowerCase();
  if (value === undefined || value === 'month') return {};
  if (value === 'total' || value === 'totals') return { Granularity: 'Total' };
  notes.push(counterException(3062, `granularity: ${query.granularity} (Month or Total)`));
  return {};
}

const TRUE_OR_FALSE = ['true', 'false'];

function itemDetails(query: CounterQuery, notes: Notes): ReportAttributes {
  const parents = query.include_parent_details?.trim().toLowerCase();
  const components = query.include_component_details?.trim().toLowerCase();
  for (const [name, value] of [
    ['include_parent_details', parents],
    ['include_component_details', components],
  ] as const)
    if (value !== undefined && !TRUE_OR_FALSE.includes(value))
      notes.push(counterException(3062, `${name}: ${query[name]} (True or False)`));
  if (components === 'true') notes.push(counterException(3063, 'Articles have no components reported apart'));
  return parents === 'true' ? { Include_Parent_Details: 'True' } : {};
}
