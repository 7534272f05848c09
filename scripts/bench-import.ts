// `npx tsx scripts/bench-import.ts <dir>`: what `npm run bench` imports (decision 102): a spreadsheet of 1,000
// articles over ten issues (<dir>/articles.xlsx), their PDFs (<dir>/pdfs.zip), and an empty installation to import
// them into (<dir>/data), made by its first start as a publisher's would be. Prints the paths as JSON.
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { createContext } from '../src/server/bootstrap.js';
import { loadConfig } from '../src/server/config.js';
import { generatedImport, writeImportFiles } from '../src/server/modules/imports/import-test-fixtures.js';

const ARTICLES = 1000;

const dir = process.argv[2]!;
const files = await writeImportFiles(dir, generatedImport(ARTICLES, { issues: 10 }));
const dataDir = path.join(dir, 'data');
fs.mkdirSync(dataDir);
Object.assign(process.env, { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '0', ADMIN_PASSWORD: 'bench-password' });
const ctx = await createContext(loadConfig(), pino({ level: 'warn' }));
await ctx.db.destroy();
console.log(JSON.stringify({ ...files, dataDir }));
