import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

/**
 * What a process leaves in a shared folder while it works (a temporary folder of an import, a staged upload) is named
 * after it, so that a start can tell what a dead process left from what another instance is still writing
 * (decisions 114 and 117): its process id; the machine (a hash of its host name, as processes of other machines or
 * containers have ids of their own); and a token random per process, which tells what an earlier process with the
 * same id left (a container's server is often process 1 every time).
 */
const MACHINE = crypto.createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);
const TOKEN = crypto.randomBytes(4).toString('hex');

/** This process, as names carry it. */
export const PROCESS_OWNER = `${process.pid}-${MACHINE}-${TOKEN}`;

/** A process as names carry it, for a pattern; its groups are an `Owner`. */
export const OWNER_PATTERN = '(?<pid>\\d+)-(?<machine>[0-9a-f]{8})-(?<token>[0-9a-f]{8})';

export interface Owner {
  pid: string;
  machine: string;
  token: string;
}

/** The owner a match of a pattern holding OWNER_PATTERN names; null for no match. */
export const ownerIn = (match: RegExpExecArray | null): Owner | null =>
  match ? (match.groups as unknown as Owner) : null;

/**
 * Whether nobody alive will finish `file` (a path): the process that owns it was of this machine and is gone (no live
 * process has its id, or this process has it with another token); or, whoever owns it, it is untouched for
 * `abandonedAfterMs`, which is the only sign for another machine's process. A file without an owner (`null`, an older
 * version's name) goes by its age alone. A file gone meanwhile is no one's to clear.
 */
export async function isAbandoned(owner: Owner | null, file: string, abandonedAfterMs: number): Promise<boolean> {
  if (owner?.machine === MACHINE) {
    const pid = Number(owner.pid);
    if (pid === process.pid ? owner.token !== TOKEN : !isAlive(pid)) return true;
  }
  const stat = await fs.promises.stat(file).catch(() => null);
  return stat !== null && Date.now() - stat.mtimeMs > abandonedAfterMs;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
