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
  const server = await startBuiltServer({ ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password });
  project.provide('baseUrl', server.baseUrl);
  project.provide('adminUsername', E2E_ADMIN.username);
  project.provide('adminPassword', E2E_ADMIN.password);
  return () => server.stop();
}
