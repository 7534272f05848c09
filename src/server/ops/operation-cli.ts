import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { targetOf, type Target } from './backup-format.js';
import { RestoreRefused } from './restore.js';

/**
 * Runs `npm run backup|restore -- <file>` with the server's configuration (DATA_DIR, DATABASE_URL):
 * progress goes to stdout, a failure to stderr as one line and exit code 1.
 */
export async function runOperation(
  usage: string,
  operation: (target: Target, file: string, report: (line: string) => void) => Promise<unknown>,
): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(`Usage: ${usage}`);
    process.exit(2);
  }
  try {
    // npm runs scripts in the project folder; a relative name means the folder npm was called from.
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
    await operation(targetOf(loadConfig()), file, (line) => console.log(line));
  } catch (error) {
    if (error instanceof ConfigError) console.error(error.message);
    else
      console.error(
        `${error instanceof RestoreRefused ? 'Refused' : 'Failed'}: ${(error as Error).message ?? String(error)}`,
      );
    process.exit(1);
  }
}
