// The process entry. React and other libraries pick their production code from NODE_ENV when first
// loaded, so it is set before anything else is imported.
process.env.NODE_ENV ??= 'production';

import('./server.js').catch((error: unknown) => {
  console.error('Failed to load the server:', error);
  process.exit(1);
});
