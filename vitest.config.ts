import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    passWithNoTests: true,
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'server', include: ['server/src/**/*.test.ts'], environment: 'node' } },
      {
        extends: './client/vite.config.ts',
        test: {
          name: 'client',
          include: ['client/src/**/*.test.{ts,tsx}', 'client/build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['client/src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
