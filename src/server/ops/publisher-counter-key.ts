import { counterKeyInputSchema } from '../../common/schemas/counter.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { PublisherCounterKeys } from '../modules/publisher/publisher-counter.service.js';
import type { Installation } from './journal-move-format.js';
import { UsageError } from './journal-move-cli.js';

/**
 * `npm run publisher-counter-key`: a key for a customer of the publisher's COUNTER API at PUBLISHER_HOST, which
 * reports every journal at once (decision 131). The key is printed once; only its hash is kept. The fields are
 * checked as the journal admin's form checks them.
 */
export async function createPublisherCounterKey(
  installation: Installation,
  fields: { customer_id?: string; requestor_id?: string; institution_name?: string },
  report: (line: string) => void,
): Promise<void> {
  const parsed = counterKeyInputSchema.safeParse(fields);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => issue.message).join('; '));
  const handle = openDatabase(installation.database);
  try {
    await migrate(handle);
    const created = await new PublisherCounterKeys(handle.db).create(parsed.data);
    report(`customer_id: ${created.customer_id}`);
    if (parsed.data.requestor_id) report(`requestor_id: ${parsed.data.requestor_id}`);
    report(`api_key: ${created.api_key}`);
    report('The key is shown only now: give it to the customer.');
  } finally {
    await handle.db.destroy();
  }
}
