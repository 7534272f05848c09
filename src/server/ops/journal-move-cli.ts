import path from 'node:path';
import { configuredDatabase } from '../bootstrap.js';
import type { IssuePath } from '../../common/schemas/issue.js';
import { ConfigError, loadConfig } from '../config.js';
import { JournalMoveRefused, type Installation } from './journal-move-format.js';

/** Command-line arguments that do not fit the command: its usage is printed. */
export class UsageError extends Error {}

/** A file named on the command line: npm runs scripts in the project folder, so it is resolved where npm was called. */
export const callerPath = (file: string): string => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/**
 * Runs `npm run export-journal|import-journal` with the server's configuration (DATA_DIR, DATABASE_URL, as the
 * server and check-data read them): progress goes to stdout; a refusal (nothing was written) or wrong arguments to
 * stderr with exit code 2, any other failure with exit code 1.
 */
export async function runJournalCommand<A>(
  usage: string,
  parse: (argv: string[]) => A,
  command: (args: A, installation: Installation, report: (line: string) => void) => Promise<void>,
): Promise<void> {
  try {
    const args = parse(process.argv.slice(2));
    const config = loadConfig();
    await command(args, { dataDir: config.DATA_DIR, database: configuredDatabase(config) }, (line) =>
      console.log(line),
    );
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    if (error instanceof UsageError) console.error(`${message}\nUsage: ${usage}`);
    else if (error instanceof ConfigError) console.error(message);
    else console.error(`${error instanceof JournalMoveRefused ? 'Refused' : 'Failed'}: ${message}`);
    process.exitCode = error instanceof UsageError || error instanceof JournalMoveRefused ? 2 : 1;
  }
}

/** node:util parseArgs' errors (an unknown option, a missing value) as usage errors. */
export function usageOf<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `--issue 2024/3/1`: an issue by its year, volume and number; undefined when the option is not given. */
export function issueNumbers(text: string | undefined): IssuePath | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{1,4})\/(\d{1,4})\/(\d{1,4})$/.exec(text);
  if (!match) throw new UsageError(`--issue takes the issue's year, volume and number, like 2024/3/1 (not ${text})`);
  return { year: Number(match[1]), volume: Number(match[2]), issue: Number(match[3]) };
}
