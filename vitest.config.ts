import { defineConfig } from 'vitest/config';

/**
 * Two projects: node-side code (core, host, shared) in Node, and the renderer in happy-dom.
 * Core API tests start real cores on temp dirs with real HTTP; files run in parallel forks.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'electron/**/*.test.ts',
            'shared/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['renderer/test-utils/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
