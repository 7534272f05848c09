import { defineConfig } from 'vitest/config';

// Browser journeys against a built server started once for the run (see e2e/support/global-setup.ts).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
