import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type RunningServer } from './support/server.js';

// Issue 29, decision 102: the demo journal moves from one running instance into an empty installation with
// `npm run import -- --from-site`, and every public page reads the same there, every file it shows the same bytes.

const root = path.resolve(import.meta.dirname, '..');
const EMPTY = { SEED_DEMO: '0', ADMIN_PASSWORD: 'import-target-password' };

let source: RunningServer;
let target: RunningServer;
let targetDir: string;
let importOutput: string;

function runImport(from: string, dataDir: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', '--from-site', from], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: process.env.E2E_DATABASE_URL ?? '', ...EMPTY },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`import exited ${code}:\n${output}`)))),
  );
}

/** Every address the sitemap lists (its index and each file it names), as paths. */
async function sitemapPaths(baseUrl: string): Promise<string[]> {
  const locations = async (url: string) =>
    [...(await (await fetch(url)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!));
  const paths: string[] = [];
  for (const location of await locations(`${baseUrl}/sitemap.xml`)) {
    if (location.pathname.endsWith('.xml'))
      paths.push(...(await locations(`${baseUrl}${location.pathname}`)).map((url) => url.pathname));
    else paths.push(location.pathname);
  }
  return paths;
}

/** A page as a reader sees it: its text without scripts and markup, its host named alike, and the files it shows. */
async function pageOf(baseUrl: string, at: string) {
  const response = await fetch(`${baseUrl}${at}`, { headers: { accept: 'text/html' } });
  const html = await response.text();
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll(new URL(baseUrl).host, 'HOST')
    .replace(/\s+/g, ' ')
    .trim();
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
  return { status: response.status, text, files };
}

const sha256 = async (url: string) => {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return crypto
    .createHash('sha256')
    .update(Buffer.from(await response.arrayBuffer()))
    .digest('hex');
};

describe('a journal moved in from a running site', () => {
  beforeAll(async () => {
    source = await startBuiltServer({});
    targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-import-target-'));
    // The empty installation is made by its first start, as a publisher's would be.
    await (await startBuiltServer(EMPTY, { dataDir: targetDir })).stop();
    importOutput = await runImport(source.baseUrl, targetDir);
    target = await startBuiltServer(EMPTY, { dataDir: targetDir });
  }, 300_000);
  afterAll(async () => {
    await source?.stop();
    await target?.stop();
    fs.rmSync(targetDir, { recursive: true, force: true });
  });

  it('reports what it imported', () => {
    expect(importOutput).toMatch(/imported \d+ issues, 72 articles, \d+ editors, \d+ indexing entries/);
  });

  it('answers every public page with the same text and every file it shows with the same bytes', async () => {
    const paths = [...new Set(['/', '/board', '/indexing', ...(await sitemapPaths(source.baseUrl))])];
    // The demo's 72 articles, each at the address it had.
    expect(paths.filter((at) => /^\/archives\/\d{4}\/vol\d+\/issue\d+\/[^/]+$/.test(at))).toHaveLength(72);
    const differences: string[] = [];
    let files = 0;
    for (const at of paths) {
      const [was, is] = await Promise.all([pageOf(source.baseUrl, at), pageOf(target.baseUrl, at)]);
      if (was.status !== 200 || was.text.length < 200) differences.push(`${at}: not a page to compare (${was.status})`);
      else if (was.status !== is.status) differences.push(`${at}: ${was.status} there, ${is.status} here`);
      else if (was.text !== is.text) differences.push(`${at}: the text differs`);
      else if (was.files.length !== is.files.length)
        differences.push(`${at}: ${was.files.length} files there, ${is.files.length} here`);
      else
        for (const [index, file] of was.files.entries()) {
          files += 1;
          const [before, after] = await Promise.all([
            sha256(`${source.baseUrl}${file}`),
            sha256(`${target.baseUrl}${is.files[index]}`),
          ]);
          if (before !== after) differences.push(`${at}: ${file} has other bytes than ${is.files[index]}`);
        }
    }
    expect(differences).toEqual([]);
    expect(files).toBeGreaterThan(72);
  }, 300_000);
});
