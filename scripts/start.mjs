// `npm start`: builds the bundles when they are missing or older than the sources, then runs the server.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(root, 'dist/server/main.js');

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const built = fs.existsSync(serverEntry) && fs.existsSync(path.join(root, 'dist/client/.vite/manifest.json'));
if (!built || newestSource(path.join(root, 'src')) > fs.statSync(serverEntry).mtimeMs) {
  console.log('Building the site…');
  execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--enable-source-maps', serverEntry], {
  cwd: root,
  env: { ...process.env, ...SERVER_ENV },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 1));
