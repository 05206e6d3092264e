/**
 * The host's demo builder (`demo:load`, `demo:status`; issue "whole job" "Load demo data"): builds a
 * lived-in embedded instance from a local git repository's real history through the core's own REST API
 * (steps in demo-steps.ts, run by demo-runner.ts). One build at a time; a second `load` while one runs
 * returns the running status. A demo that already exists ends the build `failed` with a sentence.
 */
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { DemoLoadInput, DemoStatus } from '../../../shared/ipc-contract.js';
import type { Core } from '../../core/core-contract.js';
import { BridgeError } from '../bridge-error.js';
import type { ApiProxy } from '../proxy/api-proxy.js';
import { createDemoApi } from './demo-api.js';
import type { DemoContext, DemoStep } from './demo-context.js';
import type { DemoLoader } from './demo-loader.js';
import { runDemoSteps } from './demo-runner.js';
import { DEMO_STEPS } from './demo-steps.js';

/** Options of `createDemoLoader`. */
export interface DemoLoaderOptions {
  /** The embedded core (null: no embedded instance, builds are refused). */
  core: Core | null;
  /** Where the embedded core listens on 127.0.0.1 (alert notifications are sent there), or null. */
  coreUrl: string | null;
  proxy: ApiProxy;
  /** The repository used when `demo:load` names none. */
  defaultRepository: string | null;
  /** The steps to run (default DEMO_STEPS); tests run a part. */
  steps?: readonly DemoStep[];
}

/** True when `path` is a git repository (a work tree with `.git`, or a bare repository). */
function isGitRepository(path: string): boolean {
  try {
    if (!statSync(path).isDirectory()) return false;
  } catch {
    return false;
  }
  return (
    existsSync(join(path, '.git')) || (existsSync(join(path, 'HEAD')) && existsSync(join(path, 'objects')))
  );
}

/** Creates the host's demo builder. */
export function createDemoLoader(options: DemoLoaderOptions): DemoLoader {
  const steps = options.steps ?? DEMO_STEPS;
  let last: DemoStatus = { state: 'idle', step: null, completed: 0, total: steps.length, project: null };
  let running: Promise<DemoStatus> | null = null;

  return {
    async load(input: DemoLoadInput) {
      if (running) return last;
      const core = options.core;
      if (!core)
        throw new BridgeError('bad_request', 'Demo data needs the embedded instance, which is not running.');
      const repositoryPath = input.repositoryPath?.trim() || options.defaultRepository;
      if (!repositoryPath) {
        throw new BridgeError('bad_request', 'Choose a local git repository to build the demo from.');
      }
      if (!isAbsolute(repositoryPath) || !isGitRepository(repositoryPath)) {
        throw new BridgeError(
          'bad_request',
          `${repositoryPath} is not a local git repository (use an absolute path).`,
        );
      }
      const ctx: DemoContext = {
        api: createDemoApi(options.proxy, core),
        repositoryPath,
        coreUrl: options.coreUrl,
        setProject: (project) => {
          last = { ...last, project };
        },
      };
      last = {
        state: 'running',
        step: steps[0]?.title ?? null,
        completed: 0,
        total: steps.length,
        project: null,
        startedAt: new Date().toISOString(),
      };
      const started = last;
      running = runDemoSteps(steps, ctx, started, (status) => {
        last = { ...status, project: last.project };
      }).finally(() => {
        running = null;
      });
      return started;
    },
    status: () => last,
    async idle() {
      await running;
    },
  };
}
