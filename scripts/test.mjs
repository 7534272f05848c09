// `npm test`: lint, format check, typecheck, unit and API tests on SQLite, API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, then the browser journeys. Ends with one 'N passed, N failed' line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
fs.mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) problems.push(`${label} failed`);
  return result.status === 0;
}

function vitest(label, args, env = {}) {
  const report = path.join(resultsDir, `${label.replace(/\W+/g, '-').toLowerCase()}.json`);
  fs.rmSync(report, { force: true });
  run(
    label,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  if (!fs.existsSync(report)) {
    problems.push(`${label} wrote no report`);
    totals.failed += 1;
    return;
  }
  const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += summary.numPassedTests;
  totals.failed += summary.numFailedTests;
  totals.skipped += summary.numPendingTests + summary.numTodoTests;
  if (summary.numTotalTests === 0) problems.push(`${label} ran no test`);
}

function skipOrFail(message) {
  if (ci) problems.push(`${message} (not allowed under CI=true)`);
  else console.log(`\n--- SKIPPED: ${message} ---`);
}

run('Lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
run('Format check', 'npx', ['prettier', '--check', '.']);
run('Typecheck', 'npx', ['tsc', '--noEmit']);
vitest('Unit and API tests on SQLite', [], { TEST_DATABASE_URL: '' });

if (process.env.TEST_DATABASE_URL) {
  vitest('API tests on PostgreSQL', ['api.test']);
} else {
  skipOrFail('API tests on PostgreSQL: TEST_DATABASE_URL is not set');
}

if (fs.existsSync(chromium)) {
  if (run('Build', 'npm', ['run', 'build', '--silent']))
    vitest('Browser journeys', ['--config', 'vitest.e2e.config.ts']);
} else {
  skipOrFail(`Browser journeys: no Chromium at ${chromium} (apt-get install chromium)`);
}

if (ci && totals.skipped > 0) problems.push(`${totals.skipped} tests were skipped`);
console.log('');
for (const problem of problems) console.log(`problem: ${problem}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(problems.length === 0 && totals.failed === 0 ? 0 : 1);
