import type {
  ProjectRepositoryStorageMove,
  StorageMoveProgress,
  StorageMoveState,
} from '../../../api/admin/storage-moves/types.js';
import { BYTE_UNIT_ORDER, BYTE_UNITS, formatBytes, type ByteUnit } from '../../../lib/byte-size.js';

/** How a state looks: its label, badge colour and one sentence for the tooltip. */
export interface StorageMoveStateInfo {
  label: string;
  color: string;
  description: string;
}

/** Labels, colours and meanings of every move state (doc/api/project_repository_storage_moves.md). */
export const STORAGE_MOVE_STATE_INFO: Readonly<Record<StorageMoveState, StorageMoveStateInfo>> = {
  initial: {
    label: 'Initial',
    color: 'gray',
    description: 'Recorded; the background job is not scheduled yet.',
  },
  scheduled: {
    label: 'Scheduled',
    color: 'indigo',
    description: 'Waiting for its turn. The project is read-only until the move ends.',
  },
  started: {
    label: 'Copying',
    color: 'blue',
    description: 'Copying the repositories to the destination shard and checking them.',
  },
  replicated: {
    label: 'Replicated',
    color: 'cyan',
    description: 'The project now lives on the destination; the source copy is being removed.',
  },
  finished: {
    label: 'Finished',
    color: 'teal',
    description: 'Moved, and the repositories on the source shard were removed.',
  },
  failed: {
    label: 'Failed',
    color: 'red',
    description: 'The copy failed or did not match; the project stays on its source shard.',
  },
  'cleanup failed': {
    label: 'Cleanup failed',
    color: 'orange',
    description: 'Moved, but the repositories on the source shard could not be removed.',
  },
};

/** Label, colour and meaning of a state; an unknown state (a newer instance) shows as itself, grey. */
export function storageMoveStateInfo(state: string): StorageMoveStateInfo {
  return (
    STORAGE_MOVE_STATE_INFO[state as StorageMoveState] ?? {
      label: state.length > 0 ? state[0]!.toUpperCase() + state.slice(1) : 'Unknown',
      color: 'gray',
      description: 'A state this version of Outpost does not know.',
    }
  );
}

/** States in which a move is still working (the list refreshes every second while any is). */
const ACTIVE_STATES: ReadonlySet<string> = new Set(['initial', 'scheduled', 'started', 'replicated']);

/** True while a move has not reached an end state (finished, failed, cleanup failed). */
export function isActiveMove(move: Pick<ProjectRepositoryStorageMove, 'state'>): boolean {
  return ACTIVE_STATES.has(move.state);
}

/** True when any of `moves` is still working. */
export function hasActiveMoves(moves: readonly Pick<ProjectRepositoryStorageMove, 'state'>[]): boolean {
  return moves.some(isActiveMove);
}

/** A progress bar's numbers: percentage (0–100, whole) and the label beside it. */
export interface ProgressView {
  percent: number;
  label: string;
}

/**
 * Bytes copied out of the total as a bar: `{ percent: 50, label: '512 KiB of 1 MiB' }`. The
 * percentage is floored (a bar never shows 100 before the copy ends) and clamped to 0–100; an
 * unknown or zero total gives null for bytes still to count, or 100 once the move is past copying.
 */
export function progressView(
  progress: StorageMoveProgress | null | undefined,
  state: string,
): ProgressView | null {
  const copiedAll = state === 'replicated' || state === 'finished' || state === 'cleanup failed';
  if (!progress) return null;
  const total = Number.isFinite(progress.bytes_total) ? Math.max(0, progress.bytes_total) : 0;
  const copied = Number.isFinite(progress.bytes_copied) ? Math.max(0, progress.bytes_copied) : 0;
  if (total === 0) {
    return copiedAll ? { percent: 100, label: formatBytes(copied) } : null;
  }
  const shown = Math.min(copied, total);
  const percent = copiedAll ? 100 : Math.min(100, Math.max(0, Math.floor((shown / total) * 100)));
  return { percent, label: `${formatBytes(shown)} of ${formatBytes(total)}` };
}

/** The screen's filters; `null` is "any". */
export interface StorageMoveFilters {
  state: StorageMoveState | 'active' | null;
  /** A shard the move leaves or goes to. */
  shard: string | null;
}

/** Moves that match the state and shard filters, in the order given. */
export function filterStorageMoves<
  M extends Pick<ProjectRepositoryStorageMove, 'state' | 'source_storage_name' | 'destination_storage_name'>,
>(moves: readonly M[], filters: StorageMoveFilters): M[] {
  return moves.filter((move) => {
    if (filters.state === 'active' && !isActiveMove(move)) return false;
    if (filters.state !== null && filters.state !== 'active' && move.state !== filters.state) return false;
    if (
      filters.shard !== null &&
      move.source_storage_name !== filters.shard &&
      move.destination_storage_name !== filters.shard
    )
      return false;
    return true;
  });
}

/** How many moves are in each state, for the filter's counts. */
export function countByState(
  moves: readonly Pick<ProjectRepositoryStorageMove, 'state'>[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const move of moves) counts.set(move.state, (counts.get(move.state) ?? 0) + 1);
  return counts;
}

/**
 * The shard names to offer: those the settings list (`repository_storages_weighted`), then any other
 * a move or usage row mentions (a shard removed since), each once, `default` first.
 */
export function shardNames(
  weights: Readonly<Record<string, number>> | undefined,
  ...others: readonly (readonly string[])[]
): string[] {
  const names = new Set<string>(Object.keys(weights ?? {}));
  for (const list of others) for (const name of list) if (name) names.add(name);
  return [...names].sort((a, b) => (a === 'default' ? -1 : b === 'default' ? 1 : a.localeCompare(b)));
}

/**
 * Where a move without a destination would go: the shards other than `source` with a weight above 0,
 * with each one's chance in percent (GitLab picks by weight). Empty when no other shard takes projects.
 */
export function weightedDestinations(
  weights: Readonly<Record<string, number>>,
  source: string | null,
): { name: string; percent: number }[] {
  const candidates = Object.entries(weights).filter(([name, weight]) => name !== source && weight > 0);
  const sum = candidates.reduce((total, [, weight]) => total + weight, 0);
  if (sum === 0) return [];
  return candidates
    .map(([name, weight]) => ({ name, percent: Math.round((weight / sum) * 100) }))
    .sort((a, b) => b.percent - a.percent || a.name.localeCompare(b.name));
}

/** Why a weight is not acceptable (GitLab takes whole numbers from 0 to 100), or null. */
export function checkWeight(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return 'Enter a weight.';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(number)) return 'Use a whole number.';
  if (number < 0 || number > 100) return 'Use a weight from 0 to 100.';
  return null;
}

/**
 * A byte count short enough for a chart axis: three significant digits at most, in the largest unit
 * that keeps it at least 1 (`600000` → `586 KiB`, `1198000` → `1.14 MiB`, `15728640` → `15 MiB`).
 */
export function formatBytesTick(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return formatBytes(Math.max(0, bytes || 0));
  let unit: ByteUnit = 'B';
  for (const candidate of BYTE_UNIT_ORDER) if (bytes >= BYTE_UNITS[candidate]) unit = candidate;
  const value = bytes / BYTE_UNITS[unit];
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value)} ${unit}`;
}
