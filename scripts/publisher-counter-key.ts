// `npm run publisher-counter-key -- --customer <id> --institution <name> [--requestor <id>]`: a key for a customer
// of the publisher's COUNTER API at PUBLISHER_HOST, every journal's usage at once (decision 131). Printed once.
import { parseArgs } from 'node:util';
import { runJournalCommand, usageOf } from '../src/server/ops/journal-move-cli.js';
import { createPublisherCounterKey } from '../src/server/ops/publisher-counter-key.js';

await runJournalCommand(
  'npm run publisher-counter-key -- --customer <id> --institution <name> [--requestor <id>]',
  (args) => {
    const options = {
      customer: { type: 'string' },
      institution: { type: 'string' },
      requestor: { type: 'string' },
    } as const;
    const { values } = usageOf(() => parseArgs({ args, options, strict: true }));
    return { customer_id: values.customer, institution_name: values.institution, requestor_id: values.requestor };
  },
  (fields, installation, report) => createPublisherCounterKey(installation, fields, report),
);
