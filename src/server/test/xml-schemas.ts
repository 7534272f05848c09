import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * The folder of the published XML schemas (see its README): SCHEMAS_DIR, else `../shared/schemas` beside the
 * project; null when it does not exist.
 */
function findSchemasDir(): string | null {
  const dir = process.env.SCHEMAS_DIR || path.resolve(projectRoot, '..', 'shared', 'schemas');
  return fs.existsSync(path.join(dir, 'README.md')) ? dir : null;
}

/** Outside CI a missing schema folder skips validation; under CI=true it is a failure. */
export const skipSchemaValidation = () => !findSchemasDir() && process.env.CI !== 'true';

/** The schema folder, for tests that cannot run without it (they fail instead of skipping). */
export function requireSchemasDir(): string {
  const dir = findSchemasDir();
  if (!dir) throw new Error('No schema folder: set SCHEMAS_DIR or put the schemas in ../shared/schemas');
  return dir;
}

/**
 * What `xmllint --noout --nonet --schema` says is wrong with each document, keyed by its label; empty when
 * every document is valid.
 */
export function schemaErrors(schema: string, documents: { label: string; xml: string }[]): string[] {
  const dir = requireSchemasDir();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'xml-schemas-'));
  try {
    const files = documents.map((document, index) => {
      const file = path.join(work, `${index}.xml`);
      fs.writeFileSync(file, document.xml);
      return file;
    });
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', path.join(dir, schema), ...files], {
      encoding: 'utf8',
    });
    if (run.error) throw run.error;
    const label = (line: string) =>
      line.replace(/^.*?(\d+)\.xml/, (_match, index: string) => documents[Number(index)]!.label);
    return run.stderr
      .split('\n')
      .filter((line) => line && !line.endsWith(' validates'))
      .map(label);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
