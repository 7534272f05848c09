// The process entry. React and other libraries pick their production code from NODE_ENV when first
// loaded, so it is set before the server (and with it React) is imported.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV ??= 'production';

// Bundled, this file is dist/server/main.js beside render-thread.js, and the browser bundle is dist/client;
// run from source (src/server/main.ts) it is ../../dist/client, and pages render in the main thread.
const here = path.dirname(fileURLToPath(import.meta.url));
const fromSource = path.basename(path.dirname(here)) === 'src';
const built = fromSource
  ? { clientDir: path.resolve(here, '..', '..', 'dist', 'client') }
  : { clientDir: path.resolve(here, '..', 'client'), renderThreadScript: path.join(here, 'render-thread.js') };

import('./server.js')
  .then(({ startServer }) => startServer(built))
  .catch((error: unknown) => {
    console.error('Failed to load the server:', error);
    process.exit(1);
  });
