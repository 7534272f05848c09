import type { CounterKeyInput } from '../../../common/schemas/counter.js';
import { uniqueViolation, type InstallationDb } from '../../db/database.js';
import { HttpError } from '../../http/errors.js';
import {
  authenticateCustomer,
  counterCredentialFailures,
  newApiKey,
  type CounterCustomers,
} from '../counter/counter-keys.service.js';
import type { Customer } from '../counter/counter-report.js';
import type { CounterQuery } from '../counter/counter-request.js';
import type { CounterSource } from '../counter/counter.service.js';
import { findPublisherKey, insertPublisherKey, markPublisherKeyUsed } from './publisher-counter.repository.js';

/**
 * Every journal of the installation as one COUNTER platform, named as the publisher (decision 131): each journal's
 * usage read through its own source, its items named as on the publisher's platform. A platform report adds them
 * up; title and item reports list each journal's in the order of the journals' ids.
 */
export function publisherSource(name: string, journals: CounterSource[]): CounterSource {
  const platform = { name, createdBy: name };
  return {
    platform,
    title: name,
    whole: 'every journal of the publisher',
    // item_id takes any journal's identifiers: each journal keeps the items its own identifiers select.
    titleIds: {},
    firstUsageDay: async () => {
      const days = await Promise.all(journals.map((journal) => journal.firstUsageDay()));
      return days.filter((day): day is string => day !== null).sort()[0] ?? null;
    },
    usageOf: async (period) => {
      const parts = (await Promise.all(journals.map((journal) => journal.usageOf(period)))).flat();
      return parts.map(({ journal, usage }) => ({ journal: { ...journal, platform: name }, usage }));
    },
  };
}

/** The publisher's customers: their keys are the installation's, apart from every journal's own. */
export class PublisherCounterKeys implements CounterCustomers {
  readonly failures;

  constructor(private readonly db: InstallationDb) {
    this.failures = counterCredentialFailures(db);
  }

  authenticate(query: CounterQuery, now: Date): Promise<Customer> {
    return authenticateCustomer(query, now, {
      find: (customerId) => findPublisherKey(this.db, customerId),
      markUsed: (id, at) => markPublisherKeyUsed(this.db, id, at),
    });
  }

  /** A new key for a customer of the publisher; the key itself is in this answer only. */
  async create(input: CounterKeyInput, now = new Date()): Promise<{ customer_id: string; api_key: string }> {
    const { apiKey, key_hash, key_hint } = newApiKey();
    try {
      await insertPublisherKey(this.db, { ...input, key_hash, key_hint, created_at: now.toISOString() });
    } catch (error) {
      if (uniqueViolation(error))
        throw new HttpError(409, 'duplicate_customer_id', `${input.customer_id} already has a key of the publisher's`);
      throw error;
    }
    return { customer_id: input.customer_id, api_key: apiKey };
  }
}
