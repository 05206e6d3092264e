/**
 * The demo instance builder behind `demo:load` / `demo:status` (issue "whole job": "Load demo data").
 * Builds a lived-in embedded instance from a real git repository's history, every record made through
 * the core's own REST API (never written into SQLite directly). One build at a time per host.
 */
import type { DemoLoadInput, DemoStatus } from '../../../shared/ipc-contract.js';

/** The `demo:*` channels. */
export interface DemoLoader {
  /**
   * Starts a build in the background and returns its first status at once (`running`), or the running
   * build's status when one is already under way.
   * Errors: BridgeError `bad_request` when there is no embedded instance or the path is not a git repository.
   */
  load(input: DemoLoadInput): Promise<DemoStatus>;
  /** The current or last build's status (`idle` before any). */
  status(): DemoStatus;
  /** Waits for a running build to end (tests, host shutdown). */
  idle(): Promise<void>;
}
