import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileStore } from './file-store.js';

let root: string;
let files: FileStore;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-store-'));
  files = new FileStore(path.join(root, 'files'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const DIR = 'archives/2025/vol4issue1';
const storedFiles = () =>
  fs.readdirSync(files.root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
const diskFull = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

describe('FileStore.stage', () => {
  it('removes its temporary file when writing a buffer fails half way (a full disk)', async () => {
    const spy = vi.spyOn(fs.promises, 'writeFile').mockImplementationOnce(async (file) => {
      fs.writeFileSync(file as string, '%PDF-1.4 half');
      throw diskFull();
    });
    await expect(files.stage(`${DIR}/700.pdf`, Buffer.from('%PDF-1.4 whole'))).rejects.toMatchObject({
      code: 'ENOSPC',
    });
    spy.mockRestore();
    expect(storedFiles()).toEqual([]);
  });

  it('removes its temporary file when a stream fails', async () => {
    const broken = new Readable({
      read() {
        this.push(Buffer.from('%PDF-1.4 first part'));
        this.destroy(diskFull());
      },
    });
    await expect(files.stage(`${DIR}/701.pdf`, broken)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(storedFiles()).toEqual([]);
  });
});
