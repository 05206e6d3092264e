import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: node-side code (core, host, shared) in Node, and the renderer in happy-dom.
 * Core API tests start real cores on temp dirs with real HTTP; files run in parallel forks.
 *
 * Workers: at least 2. Vitest's default (cores − 1) is ONE worker on the 2-core CI machine, so every file
 * ran after the other while most of them wait on git, Python and HTTP; with 2 workers the waits overlap
 * (8 of the slowest core files: 405 s with 1 worker, 277 s with 2, on the shared 2-core machine under
 * load). Machines with more cores keep the default.
 */
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
            // The e2e GitLab behaviour proxy's rule engine (test-only code, unit-tested here).
            'e2e/gitlab-behaviour-proxy/**/*.test.ts',
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
