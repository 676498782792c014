import { defineConfig } from 'vitest/config';

// Unit tests: the elements' code in a DOM (happy-dom), the reference server in plain Node.
export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'elements',
          include: ['src/**/*.test.{ts,tsx}', 'elements/**/*.test.ts'],
          exclude: ['**/*.node.test.ts'],
          environment: 'happy-dom',
          // React's act() environment; an act() warning fails the test.
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'server',
          include: ['demo-pages/**/*.test.ts', '**/*.node.test.ts'],
          exclude: ['node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          // A suite's setup generates a whole demo database (seconds on 2 busy cores).
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
