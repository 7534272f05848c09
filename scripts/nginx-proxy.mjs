// Debian's nginx running docs/deploy/nginx.conf in front of a site, as an operator would, for the reverse-proxy
// journey and `npm run bench`. Only what a test machine needs differs: the addresses and the folders. For the
// bench, the same nginx can also serve copies of pages from files, the yardstick of its proxy cache.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export const nginxInstalled = () => fs.existsSync(NGINX_PATH);

const UPSTREAM = 'server 127.0.0.1:3000 max_fails=3 fail_timeout=10s;';

/** The deployment file with its addresses (one upstream line per instance) and cache folder moved into `dir`. */
function siteConfig(upstreamPorts, port, dir) {
  const deployed = fs.readFileSync(path.join(root, 'docs', 'deploy', 'nginx.conf'), 'utf8');
  const instances = upstreamPorts.map((upstream) => UPSTREAM.replace(':3000 ', `:${upstream} `)).join('\n    ');
  const config = deployed
    .replace(UPSTREAM, instances)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('/var/cache/nginx/journal', path.join(dir, 'cache'))
    .replaceAll('/var/log/nginx/', `${dir}/`);
  if (config.includes(UPSTREAM) || !config.includes(`:${port};`))
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

/** Headers nginx writes itself for a file, or that belong to one connection: not copied from the site's answer. */
const MADE_BY_NGINX = new Set([
  'date',
  'server',
  'content-type',
  'content-length',
  'etag',
  'last-modified',
  'accept-ranges',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/** A header value as an nginx string; nginx would read `$` as a variable, and no site header needs one. */
function quoted(value) {
  if (value.includes('$')) throw new Error(`a header value with $ cannot be served from disk: ${value}`);
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * A second server answering each of `pages` ({ path: '/name', body, headers }) from a file in `dir`, as nginx serves
 * static files: the body as it is (already compressed when the site compressed it), with the site's headers beside
 * the ones nginx writes for a file (Date, Content-Length, ETag, Last-Modified).
 */
function fromDiskConfig(pages, port, dir) {
  const files = path.join(dir, 'disk');
  fs.mkdirSync(files);
  const locations = pages.map(({ path: at, body, headers }) => {
    if (!/^\/[a-z0-9-]+$/.test(at)) throw new Error(`not a simple page path: ${at}`);
    fs.writeFileSync(path.join(files, at.slice(1)), body);
    const copied = Object.entries(headers).filter(([name]) => !MADE_BY_NGINX.has(name.toLowerCase()));
    return [
      `    location = ${at} {`,
      '        types { }',
      `        default_type ${quoted(headers['content-type'] ?? 'text/html')};`,
      ...copied.map(([name, value]) => `        add_header ${name} ${quoted(String(value))};`),
      '    }',
    ].join('\n');
  });
  // It logs as the proxy does, so that the two compare alike.
  const log = `    access_log ${path.join(dir, 'disk-access.log')} combined;`;
  return ['server {', `    listen 127.0.0.1:${port};`, log, `    root ${files};`, ...locations, '}', ''].join('\n');
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

/**
 * Starts nginx in front of the site's instances on `upstreamPorts` (one port or several); resolves to its address and
 * a stop function. With `fromDisk` (pages as fromDiskConfig takes them), the same nginx also serves those pages from
 * files at `diskUrl`.
 */
export async function startNginx(upstreamPorts, { fromDisk = [] } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-nginx-'));
  const port = await freePort();
  const diskPort = fromDisk.length ? await freePort() : null;
  const site = siteConfig([upstreamPorts].flat(), port, dir);
  const disk = diskPort ? fromDiskConfig(fromDisk, diskPort, dir) : '';
  fs.writeFileSync(path.join(dir, 'journal.conf'), `${site}\n${disk}`);
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
    pid: nginx.pid,
    diskUrl: diskPort ? `http://127.0.0.1:${diskPort}` : undefined,
    /** What the proxy logs, as docs/deploy/nginx.conf has it log. */
    accessLog: path.join(dir, 'access.log'),
    async stop() {
      if (nginx.exitCode === null) {
        nginx.kill('SIGQUIT');
        await new Promise((resolve) => nginx.once('exit', resolve));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
