import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './server.js';

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminUsername: string;
    adminPassword: string;
  }
}

/** Starts the built server once, on the demo journal in a fresh DATA_DIR, for all browser journeys. */
export default async function setup(project: TestProject) {
  // The journeys look at a page right after changing it, as no reader does: the browser must ask the site each
  // time (PUBLIC_MAX_AGE=0 still sends ETags, so it revalidates). reverse-proxy.e2e.ts tests max-age itself.
  const server = await startBuiltServer({
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    PUBLIC_MAX_AGE: '0',
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('adminUsername', E2E_ADMIN.username);
  project.provide('adminPassword', E2E_ADMIN.password);
  return () => server.stop();
}
