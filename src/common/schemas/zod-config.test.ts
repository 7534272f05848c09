import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..', '..');
const SCHEMAS = path.join(SRC, 'common', 'schemas');

/** Every module of a folder, tests left out. */
const modulesIn = (folder: string) =>
  fs
    .readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));

afterEach(() => vi.unstubAllGlobals());

describe('Zod in the browser', () => {
  it('builds and runs every shared schema without compiling code, which the CSP forbids', async () => {
    let compiled = 0;
    vi.stubGlobal('document', {});
    vi.stubGlobal(
      'Function',
      new Proxy(Function, {
        construct(target, args) {
          compiled++;
          return Reflect.construct(target, args);
        },
      }),
    );
    const modules = await Promise.all(modulesIn(SCHEMAS).map((file) => import(file)));
    const { loginSchema } = await import('./auth.js');
    expect(loginSchema.safeParse({ username: 'admin', password: 'secret' }).success).toBe(true);
    expect(modules.length).toBeGreaterThan(15);
    expect(compiled).toBe(0);
  });

  it('is set where the browser gets z: no module it loads takes z from zod directly', () => {
    const direct = [...modulesIn(path.join(SRC, 'common')), ...modulesIn(path.join(SRC, 'web'))].filter(
      (file) =>
        !file.endsWith('zod-config.ts') && /^import (?!type )[^;]*from 'zod';/m.test(fs.readFileSync(file, 'utf8')),
    );
    expect(direct.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
