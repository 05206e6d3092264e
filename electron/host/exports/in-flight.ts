/**
 * Exports in flight, recorded in `<appData>/host/exports-in-flight.json` (mode 0600) so the next start
 * can remove the `.part` file of an export the app was killed in the middle of: the destination is
 * wherever the user chose (save dialog) or the export folder, so the host can't find its leftovers
 * by looking in one place. An entry is added before the part file is created and removed once the
 * export is done, failed or canceled (the part renamed or deleted).
 *
 * File: `{ "version": 1, "parts": [{ "path": "/abs/file.csv.part", "pid": 1234 }] }`.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-write.js';

/** Name of the record inside `<appData>/host`. */
export const IN_FLIGHT_FILE = 'exports-in-flight.json';

/** One export's part file and the process writing it. */
export interface InFlightPart {
  path: string;
  pid: number;
}

interface InFlightFile {
  version: 1;
  parts: InFlightPart[];
}

/** The record of running exports (one per host). */
export interface InFlightExports {
  /** Records `part` (an absolute path ending in `.part`) as being written by `pid` (default this process). */
  add(part: string, pid?: number): Promise<void>;
  /** Forgets `part` (no-op when not recorded). */
  remove(part: string): Promise<void>;
  /** The recorded parts. */
  list(): Promise<InFlightPart[]>;
}

function isPartEntry(value: unknown): value is InFlightPart {
  const v = value as Partial<InFlightPart> | null;
  return (
    typeof v?.path === 'string' &&
    v.path.endsWith('.part') &&
    typeof v.pid === 'number' &&
    Number.isInteger(v.pid) &&
    v.pid > 0
  );
}

/** The record's entries; an absent or unreadable record is empty (it only ever lists leftovers). */
async function readParts(file: string): Promise<InFlightPart[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as Partial<InFlightFile>;
    return Array.isArray(parsed.parts) ? parsed.parts.filter(isPartEntry) : [];
  } catch {
    return [];
  }
}

/** Opens the record in `hostDir` (writes are serialized and atomic, mode 0600). */
export function openInFlightExports(hostDir: string): InFlightExports {
  const file = join(hostDir, IN_FLIGHT_FILE);
  let queue: Promise<unknown> = Promise.resolve();
  const update = (change: (parts: InFlightPart[]) => InFlightPart[]): Promise<void> => {
    const next = queue
      .catch(() => undefined)
      .then(async () => {
        const parts = change(await readParts(file));
        await writeFileAtomic(file, JSON.stringify({ version: 1, parts } satisfies InFlightFile, null, 2));
      });
    queue = next;
    return next;
  };
  return {
    add: (part, pid = process.pid) =>
      update((parts) => [...parts.filter((p) => p.path !== part), { path: part, pid }]),
    remove: (part) => update((parts) => parts.filter((p) => p.path !== part)),
    list: () => readParts(file),
  };
}

/** True when a process `pid` exists (signal 0; EPERM means it exists under another user). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * At host start: delete the part files of exports that were cut short (their process is gone, or it
 * was this process: an earlier host in it that never closed), and forget them. Entries of another
 * running process (a second Outpost on the same data dir) are kept. Only recorded paths ending in
 * `.part` are ever removed; the finished files beside them are not touched.
 * @returns the part files removed (or already gone).
 */
export async function removeInterruptedExports(hostDir: string): Promise<string[]> {
  const record = openInFlightExports(hostDir);
  const parts = await record.list();
  const leftovers = parts.filter((p) => p.pid === process.pid || !processAlive(p.pid));
  for (const part of leftovers) {
    try {
      await rm(part.path, { force: true });
    } catch (err) {
      // Not a file we can remove (a directory put there since, no permission): leave it, forget it.
      console.error('outpost: could not remove an interrupted export:', (err as Error).message);
    }
    await record.remove(part.path);
  }
  return leftovers.map((p) => p.path);
}
