/** Types of scripts/build-if-stale.mjs (see its header). */
export interface BuildTarget {
  name: string;
  /** Folders and files, relative to the root, whose content decides whether the target is stale. */
  inputs: string[];
  /** A file the build writes; missing means stale. */
  output: string;
  command: string[];
}
export interface BuildIfStaleResult {
  built: string[];
  skipped: string[];
  exitCode: number;
}
export const TARGETS: BuildTarget[];
export function isTestFile(relPath: string): boolean;
export function hashInputs(root: string, inputs: string[]): string;
export function buildIfStale(options?: {
  root?: string;
  targets?: BuildTarget[];
  force?: boolean;
  run?: (command: string[], cwd: string) => number;
  log?: (line: string) => void;
}): BuildIfStaleResult;
