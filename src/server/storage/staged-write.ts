import type { StagedFile } from './file-store.js';

/**
 * Runs a database write that goes with a staged file: the file is renamed into place only after
 * the write succeeded and removed when it failed, so no orphan file and no row without its file.
 */
export async function writeWithStagedFile<T>(staged: StagedFile | null, write: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await write();
  } catch (error) {
    await staged?.discard();
    throw error;
  }
  await staged?.commit();
  return result;
}
