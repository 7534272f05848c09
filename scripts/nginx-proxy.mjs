// Debian's nginx running docs/deploy/nginx.conf in front of a site, as an operator would, for the reverse-proxy
// journey and `npm run bench`. Only what a test machine needs differs: the addresses and the folders.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export const nginxInstalled = () => fs.existsSync(NGINX_PATH);

/** The deployment file with its addresses and cache folder moved into `dir`. */
function siteConfig(upstreamPort, port, dir) {
  const deployed = fs.readFileSync(path.join(root, 'docs', 'deploy', 'nginx.conf'), 'utf8');
  const config = deployed
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${upstreamPort};`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('/var/cache/nginx/journal', path.join(dir, 'cache'));
  if (config.includes(':3000;') || !config.includes(`:${port};`))
    throw new Error('docs/deploy/nginx.conf no longer has the expected upstream and listen lines');
  return config;
}

/** The main file a distribution provides around conf.d, here with every path inside `dir`. */
function mainConfig(dir) {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (name) => `${name}_temp_path ${path.join(dir, name)};`,
  );
  return [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    'daemon off;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    `http { access_log off; ${temp.join(' ')} include ${path.join(dir, 'journal.conf')}; }`,
    '',
  ].join('\n');
}

async function waitForAnswer(url, nginx) {
  for (let i = 0; i < 100; i++) {
    if (nginx.exitCode !== null) break;
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nginx did not start at ${url}`);
}

/** Starts nginx in front of the site on `upstreamPort`; resolves to its address and a stop function. */
export async function startNginx(upstreamPort) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-nginx-'));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'journal.conf'), siteConfig(upstreamPort, port, dir));
  fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir));
  const check = spawnSync(
    NGINX_PATH,
    ['-t', '-q', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')],
    { encoding: 'utf8' },
  );
  if (check.status !== 0) throw new Error(`nginx refused the configuration: ${check.stderr}`);
  const nginx = spawn(NGINX_PATH, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${url}/healthz`, nginx);
  return {
    url,
    async stop() {
      if (nginx.exitCode === null) {
        nginx.kill('SIGQUIT');
        await new Promise((resolve) => nginx.once('exit', resolve));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
