import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveJwtSecret } from './tokens.js';

const dirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-secret-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};
afterEach(() => {
  vi.restoreAllMocks();
  dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

describe('the generated JWT secret', () => {
  it('is made once, readable only by its owner, and kept', () => {
    const dataDir = newDataDir();
    const secret = resolveJwtSecret(dataDir);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(resolveJwtSecret(dataDir)).toBe(secret);
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual(['jwt-secret']);
  });

  it('is the one another process wrote between the check and the write (processes starting together)', () => {
    const dataDir = newDataDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'written-by-another-process', { mode: 0o600 });
    // This process looked before the other one wrote.
    vi.spyOn(fs, 'existsSync').mockReturnValueOnce(false);
    expect(resolveJwtSecret(dataDir)).toBe('written-by-another-process');
    expect(fs.readdirSync(dataDir)).toEqual(['jwt-secret']);
  });

  it('is JWT_SECRET when that is given, and then nothing is written', () => {
    const dataDir = newDataDir();
    expect(resolveJwtSecret(dataDir, 'configured-secret')).toBe('configured-secret');
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
