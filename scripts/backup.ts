// `npm run backup -- <file>`: one .tar.gz with a consistent snapshot of the database and every stored file
// (decision 012). Safe while the server runs.
import { createBackup } from '../src/server/ops/backup.js';
import { runOperation } from '../src/server/ops/operation-cli.js';

await runOperation('npm run backup -- <file.tar.gz>', createBackup);
