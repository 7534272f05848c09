import crypto from 'node:crypto';
import { DUPLICATE_CUSTOMER_MESSAGE, type CounterKey, type CounterKeyInput } from '../../../common/schemas/counter.js';
import { FailureThrottle } from '../../auth/shared-counts.js';
import { uniqueViolation, type InstallationDb, type JournalDb } from '../../db/database.js';
import type { CounterApiKeyRow } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordActivity, type Actor } from '../activity/activity.repository.js';
import { refuse } from './counter-exceptions.js';
import { THE_WORLD, type Customer } from './counter-report.js';
import { requireParameters, type CounterQuery } from './counter-request.js';
import {
  deleteCounterKey,
  findCounterKey,
  findCustomerKey,
  insertCounterKey,
  listCounterKeys,
  markCounterKeyUsed,
} from './counter.repository.js';

/** Keys are 32 random bytes, so one SHA-256 keeps them safe at rest; no slow hash is needed against guessing. */
const hashOf = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

function keyMatches(given: string | undefined, storedHash: string): boolean {
  const stored = Buffer.from(storedHash, 'hex');
  const candidate = Buffer.from(hashOf(given ?? ''), 'hex');
  return Boolean(given) && crypto.timingSafeEqual(candidate, stored);
}

/** Refused credentials per address in the window, after which the address is refused (1020) until the window ends. */
export const KEY_FAILURES_PER_ADDRESS = 30;
export const KEY_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Wrong credentials per address, counted in the database every process and instance shares, under one scope for
 * every journal and the publisher's portal: a guesser gets 30 tries in all, not 30 per platform.
 */
export const counterCredentialFailures = (db: InstallationDb | JournalDb): FailureThrottle =>
  new FailureThrottle(db, 'counter-credentials', KEY_FAILURES_PER_ADDRESS, KEY_FAILURE_WINDOW_MS);

/** Who may ask for a platform's reports, and the count of wrong credentials that stops guessing. */
export interface CounterCustomers {
  readonly failures: FailureThrottle;
  authenticate(query: CounterQuery, now: Date): Promise<Customer>;
}

/** How often at most a key's last use is written: harvesters call in bursts, and a minute is precise enough. */
const LAST_USE_RESOLUTION_MS = 60_000;

/**
 * Who may harvest the journal's COUNTER reports (decision 101): a customer id with its API key, and a requestor id
 * when the key was given one (Code of Practice 5.1, section 8.2).
 */
export class CounterKeysService implements CounterCustomers {
  /** Wrong credentials per address, counted in the database every process and instance shares. */
  readonly failures: FailureThrottle;

  constructor(private readonly db: JournalDb) {
    this.failures = counterCredentialFailures(db);
  }

  list(): Promise<CounterKey[]> {
    return listCounterKeys(this.db);
  }

  /** A new key for a customer; the key itself is in this answer only. */
  async create(input: CounterKeyInput, actor: Actor): Promise<CounterKey & { api_key: string }> {
    const { apiKey, key_hash, key_hint } = newApiKey();
    try {
      const id = await this.db.transaction().execute(async (trx) => {
        const inserted = await insertCounterKey(trx, {
          ...input,
          key_hash,
          key_hint,
          created_at: new Date().toISOString(),
        });
        await recordActivity(trx, actor, {
          action: 'create',
          objectType: 'counter_key',
          objectId: inserted,
          summary: `Added a COUNTER API key for ${input.institution_name} (customer ${input.customer_id})`,
        });
        return inserted;
      });
      return { ...(await findCounterKey(this.db, id))!, api_key: apiKey };
    } catch (error) {
      if (uniqueViolation(error)) throw new HttpError(409, 'duplicate_customer_id', DUPLICATE_CUSTOMER_MESSAGE);
      throw error;
    }
  }

  async remove(id: number, actor: Actor): Promise<void> {
    const key = await findCounterKey(this.db, id);
    if (!key) throw notFound(`COUNTER API key ${id} not found`);
    await this.db.transaction().execute(async (trx) => {
      await deleteCounterKey(trx, id);
      await recordActivity(trx, actor, {
        action: 'delete',
        objectType: 'counter_key',
        objectId: id,
        summary: `Deleted the COUNTER API key of ${key.institution_name} (customer ${key.customer_id})`,
      });
    });
  }

  /** The customer whose credentials the query carries; a COUNTER Exception (1030, 2000, 2010, 2011, 2020) if none. */
  authenticate(query: CounterQuery, now: Date): Promise<Customer> {
    return authenticateCustomer(query, now, {
      find: (customerId) => findCustomerKey(this.db, customerId),
      markUsed: (id, at) => markCounterKeyUsed(this.db, id, at),
    });
  }
}

/** Where a platform's customers' keys are kept: a journal's, or the publisher's for every journal (decision 131). */
export interface CustomerKeys {
  find(customerId: string): Promise<CounterApiKeyRow | undefined>;
  markUsed(id: number, at: string): Promise<void>;
}

/** A new API key, and what is stored of it: its hash and its last characters. */
export function newApiKey(): { apiKey: string; key_hash: string; key_hint: string } {
  const apiKey = crypto.randomBytes(32).toString('base64url');
  return { apiKey, key_hash: hashOf(apiKey), key_hint: apiKey.slice(-4) };
}

/** The customer whose credentials the query carries among `keys`; a COUNTER Exception (1030, 2000, 2010, 2011, 2020) if none. */
export async function authenticateCustomer(query: CounterQuery, now: Date, keys: CustomerKeys): Promise<Customer> {
  requireParameters(query, ['customer_id']);
  const customerId = query.customer_id!.trim();
  const key = await keys.find(customerId);
  if (!key) throw unknownCustomer(customerId);
  if (key.requestor_id) {
    requireParameters(query, ['requestor_id']);
    if (query.requestor_id!.trim() !== key.requestor_id)
      throw refuse(2000, 'requestor_id is not the one registered for this customer_id');
  }
  if (!keyMatches(query.api_key?.trim(), key.key_hash))
    throw refuse(2020, query.api_key ? 'api_key is not valid for this customer_id' : 'api_key is required');
  const last = key.last_used_at ? Date.parse(key.last_used_at) : 0;
  if (now.getTime() - last >= LAST_USE_RESOLUTION_MS) await keys.markUsed(key.id, now.toISOString());
  return { name: key.institution_name, id: key.customer_id };
}

const unknownCustomer = (customerId: string) =>
  customerId === THE_WORLD.id
    ? refuse(2011, 'Reports to The World are available to the journal admins only')
    : refuse(2010, `customer_id ${customerId} has no access to this platform`);
