import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { demoArticle, publicScreens } from './support/public-screens.js';

const baseUrl = inject('baseUrl');
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
}

/** Runs the Nu HTML checker once over all the files; its errors, each after the page it was found in. */
function htmlErrors(files: Map<string, string>): string[] {
  const run = spawnSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files.keys()], {
    encoding: 'utf8',
  });
  if (run.error)
    throw new Error(`The Nu HTML checker needs Java (apt-get install default-jre-headless): ${run.error.message}`);
  const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
  return messages.map((m) => `${files.get(m.url.replace(/^file:/, ''))} line ${m.lastLine}: ${m.message}`);
}

describe('server HTML of the public pages', () => {
  it('has no error in the Nu HTML checker', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-html-'));
    const files = new Map<string, string>();
    for (const [index, screen] of publicScreens(await demoArticle(baseUrl)).entries()) {
      const response = await fetch(`${baseUrl}${screen.path}`);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const file = path.join(dir, `page-${index}.html`);
      fs.writeFileSync(file, await response.text());
      files.set(file, screen.path);
    }
    try {
      const errors = htmlErrors(files);
      expect(errors, errors.join('\n')).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is a checker that does report invalid HTML', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'journal-html-')), 'broken.html');
    fs.writeFileSync(
      file,
      '<!doctype html><html lang="en"><head><title>x</title></head><body><p><div></p></body></html>',
    );
    expect(htmlErrors(new Map([[file, 'broken']])).length).toBeGreaterThan(0);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
