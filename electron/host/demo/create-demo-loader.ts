/**
 * TEMPORARY placeholder while the demo builder is written (issue 11, helper "demo"): every build fails
 * with a clear sentence. Replaced by the real builder in the same session.
 */
import type { DemoStatus } from '../../../shared/ipc-contract.js';
import type { Core } from '../../core/core-contract.js';
import type { ApiProxy } from '../proxy/api-proxy.js';
import type { DemoLoader } from './demo-loader.js';

/** Options of `createDemoLoader`. */
export interface DemoLoaderOptions {
  /** The embedded core (null: no embedded instance, builds are refused). */
  core: Core | null;
  /** Where the embedded core listens on 127.0.0.1 (alert notifications are sent there), or null. */
  coreUrl: string | null;
  proxy: ApiProxy;
  /** The repository used when `demo:load` names none. */
  defaultRepository: string | null;
}

/** Creates the host's demo builder. */
export function createDemoLoader(_options: DemoLoaderOptions): DemoLoader {
  let last: DemoStatus = { state: 'idle', step: null, completed: 0, total: 0, project: null };
  return {
    load: async () => {
      last = { ...last, state: 'failed', error: 'Demo data is not available in this build yet.' };
      return last;
    },
    status: () => last,
    idle: async () => undefined,
  };
}
