/**
 * The lint rule that keeps user input out of `new RegExp` in the core (eslint.config.js DYNAMIC_REGEXP,
 * issue 25): the project's ESLint config run on sample code, and on every core file that mentions
 * `RegExp`.
 */
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
const MESSAGE =
  'No RegExp from run-time text in the core: use UntrustedRegexp (core/ci/untrusted-regexp.ts, re2js) or a plain matcher (issue 25)';

const HEADER = `
declare const userInput: string;
declare const job: { coverage_regex: string };
export {};
`;

async function flaggedLines(file: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(`${HEADER}${code}`, { filePath: path.join(root, file) });
  const offset = HEADER.split('\n').length - 1;
  return result!.messages.filter((m) => m.message === MESSAGE).map((m) => m.line - offset);
}

const FORBIDDEN = [
  'new RegExp(userInput);',
  "new RegExp(userInput, 'i');",
  'RegExp(job.coverage_regex);',
  'new RegExp(`^${userInput}$`);',
  "new RegExp('^' + userInput);",
  'new RegExp(/a/.source + userInput);',
].join('\n');

const ALLOWED = ["new RegExp('^[a-z]+$');", "RegExp('x', 'g');", '/^[a-z]+$/.test(userInput);'].join('\n');

describe('lint: no RegExp built from run-time text in electron/core', () => {
  it('flags new RegExp(userInput) and every non-literal first argument, in every core folder', async () => {
    for (const file of [
      'electron/core/services/probe.ts',
      'electron/core/ci/config/probe.ts',
      'electron/core/runner/probe.ts',
      'electron/core/db/probe.ts',
      'electron/core/http/probe.ts',
    ])
      expect(await flaggedLines(file, FORBIDDEN), file).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('allows a literal pattern and regex literals', async () => {
    expect(await flaggedLines('electron/core/services/probe.ts', ALLOWED)).toEqual([]);
  });

  it('leaves tests and code outside the core alone', async () => {
    for (const file of ['electron/core/services/probe.test.ts', 'electron/host/probe.ts'])
      expect(await flaggedLines(file, FORBIDDEN), file).toEqual([]);
  });

  it('holds on the tree: no core file that mentions RegExp breaks the rule', async () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (
          e.name.endsWith('.ts') &&
          !e.name.endsWith('.test.ts') &&
          readFileSync(p, 'utf8').includes('RegExp')
        )
          files.push(p);
      }
    };
    walk(path.join(root, 'electron/core'));
    expect(files.length).toBeGreaterThan(0);
    const results = await eslint.lintFiles(files);
    const hits = results.flatMap((r) =>
      r.messages
        .filter((m) => m.message === MESSAGE)
        .map((m) => `${path.relative(root, r.filePath)}:${m.line}`),
    );
    expect(hits).toEqual([]);
  });
});
