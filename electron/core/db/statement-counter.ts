/**
 * Records the SQL statements run on one SQLite file while a piece of work runs: the regression guard of
 * issue 17 (a list request runs a fixed number of statements however many rows its page holds), for
 * tests and benchmarks, never for timing.
 *
 * While `recordStatements` runs, better-sqlite3's executing Statement methods (`run`, `get`, `all`,
 * `iterate`) are wrapped so each call on a connection to `file` appends the statement's SQL; the
 * wrappers are removed when the work settles, so the core pays nothing outside a recording. Every
 * connection to the file counts (the core's and any other), and one recording runs at a time.
 */
import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';

const EXECUTING = ['run', 'get', 'all', 'iterate'] as const;

let recording = false;

/** better-sqlite3's Statement prototype (the class is not exported; a throwaway statement shows it). */
function statementPrototype(): Record<(typeof EXECUTING)[number], (...args: unknown[]) => unknown> {
  const db = new Database(':memory:');
  try {
    return Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<
      (typeof EXECUTING)[number],
      (...args: unknown[]) => unknown
    >;
  } finally {
    db.close();
  }
}

/**
 * Runs `work` and returns its result with the SQL of every statement executed meanwhile on a connection
 * to the SQLite file `file` (whitespace collapsed), in order.
 * @throws Error when another recording is running; whatever `work` throws (the wrappers are removed).
 */
export async function recordStatements<T>(
  file: string,
  work: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  if (recording) throw new Error('recordStatements: another recording is running');
  recording = true;
  const proto = statementPrototype();
  const originals = EXECUTING.map((name) => [name, proto[name]] as const);
  const statements: string[] = [];
  for (const [name, original] of originals) {
    proto[name] = function (this: Statement, ...args: unknown[]) {
      if (this.database.name === file) statements.push(this.source.replace(/\s+/g, ' ').trim());
      return original.apply(this, args);
    };
  }
  try {
    return { result: await work(), statements };
  } finally {
    for (const [name, original] of originals) proto[name] = original;
    recording = false;
  }
}
