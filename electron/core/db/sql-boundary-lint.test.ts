/**
 * The lint rule that keeps SQL in core/db (eslint.config.js, architecture.md "services call
 * repositories"): run the project's ESLint config on sample code placed at different paths.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
const MESSAGE = 'SQL belongs in electron/core/db (architecture.md: services call repositories)';

const HEADER = `
declare const ctx: { db: { prepare(s: string): unknown; exec(s: string): void; pragma(s: string): void;
  transaction(f: () => void): () => void } };
declare const db: typeof ctx.db;
declare const projectDb: typeof ctx.db;
declare const runner: { exec(s: string): void };
export {};
`;

/** Lines (1-based, counted after the header) of `code` that the SQL rule flags when it lives at `path`. */
async function flaggedLines(path: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(`${HEADER}${code}`, { filePath: `${root}${path}` });
  const offset = HEADER.split('\n').length - 1;
  return result!.messages.filter((m) => m.message === MESSAGE).map((m) => m.line - offset);
}

const FORBIDDEN = [
  `ctx.db.prepare('SELECT 1');`,
  `db.prepare('SELECT 1');`,
  `ctx.db.exec('DELETE FROM notes');`,
  `db.pragma('foreign_keys = ON');`,
  `projectDb.exec('VACUUM');`,
].join('\n');

const ALLOWED = [
  `ctx.db.transaction(() => {})();`,
  `/a/.exec('a');`,
  `runner.exec('ls');`,
  `new RegExp('x').exec('x');`,
].join('\n');

describe('lint: SQL only in electron/core/db', () => {
  it('flags prepare, and exec/pragma on a database handle, in services, routes and jobs', async () => {
    for (const path of [
      'electron/core/services/probe.ts',
      'electron/core/routes/probe.ts',
      'electron/core/jobs/probe.ts',
    ])
      expect(await flaggedLines(path, FORBIDDEN)).toEqual([1, 2, 3, 4, 5]);
  });

  it('allows transactions, RegExp#exec and other exec methods', async () => {
    expect(await flaggedLines('electron/core/services/probe.ts', ALLOWED)).toEqual([]);
  });

  it('allows SQL in core/db and in tests', async () => {
    for (const path of [
      'electron/core/db/probe.ts',
      'electron/core/services/probe.test.ts',
      'electron/core/test/helpers/probe.ts',
    ])
      expect(await flaggedLines(path, FORBIDDEN)).toEqual([]);
  });
});
