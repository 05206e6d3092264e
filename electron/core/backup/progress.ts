/** Progress of a backup or a restore, one event per step, for the CLI's progress lines and for tests. */
export interface BackupProgress {
  /** `database`, `repositories`, `files`, `manifest` or `done`. */
  phase: 'database' | 'repositories' | 'files' | 'manifest' | 'done';
  /** One human line (`repository 3/12 group/app`), never a secret. */
  message: string;
  /** Steps finished in this phase and the phase's total, when it counts steps. */
  done?: number;
  total?: number;
}

export type BackupProgressListener = (p: BackupProgress) => void;
