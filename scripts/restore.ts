// `npm run restore -- <file>`: puts a backup into an empty DATA_DIR and an empty database (decision 012).
import { restoreBackup } from '../src/server/ops/restore.js';
import { runOperation } from '../src/server/ops/operation-cli.js';

await runOperation('npm run restore -- <file.tar.gz>', async (target, file, report) => {
  await restoreBackup(target, file, report);
  report('Restored. At its next start the server completes any file move the backup caught half done.');
});
