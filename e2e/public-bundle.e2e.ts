import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

// The built browser bundle a public page loads first (docs/quality-bars.md: at most 120 KB gzipped). Libraries of
// the admin area and the server must stay out of it: one value import from a module that uses them pulls them in.
const clientDir = path.resolve(import.meta.dirname, '..', process.env.DIST_DIR ?? 'dist', 'client');
const SERVER_OR_ADMIN_ONLY = ['zod', 'sanitize-html', 'citeproc', 'pdf-lib', 'kysely', 'chart.js'];

function initialFiles(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'));
  const entry = manifest['src/web/entry-client.tsx'];
  return [entry.file, ...(entry.imports ?? []).map((key: string) => manifest[key].file), ...(entry.css ?? [])];
}

describe('initial bundle of a public page', () => {
  it('is at most 120 KB gzipped', () => {
    const bytes = initialFiles().reduce(
      (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(clientDir, file))).length,
      0,
    );
    expect(bytes / 1024).toBeLessThanOrEqual(120);
  });

  it('holds none of the libraries of the admin area or the server', () => {
    const packages = new Set<string>();
    for (const file of initialFiles().filter((name) => name.endsWith('.js'))) {
      const { sources } = JSON.parse(fs.readFileSync(path.join(clientDir, `${file}.map`), 'utf8'));
      for (const source of sources as string[]) {
        const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
        if (match) packages.add(match[1]!);
      }
    }
    expect(packages.has('react-dom')).toBe(true);
    expect(SERVER_OR_ADMIN_ONLY.filter((name) => packages.has(name))).toEqual([]);
  });
});
