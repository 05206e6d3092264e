/**
 * The lint rule that keeps the core from importing the host (eslint.config.js `CORE_NOT_HOST`, issue 31:
 * the audit export's formatters moved to shared/ so the core's workers no longer load host code): run
 * the project's ESLint config on sample imports placed at core paths of every layer, and at a host path.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
const RULE = 'The core never imports electron/host';

/** Messages of the core ↛ host rule for `code` placed at `path`. */
async function messages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages.map((m) => m.message).filter((m) => m.includes(RULE));
}

describe('lint: the core never imports the host', () => {
  it.each([
    ['electron/core/db/probe.ts', '../../host/exports/audit-export.js'],
    ['electron/core/routes/probe.ts', '../../host/exports/audit-export.js'],
    ['electron/core/http/probe.ts', '../../host/exports/audit-export.js'],
    ['electron/core/services/audit/probe.ts', '../../../host/exports/audit-export.js'],
    ['electron/core/entities/probe.ts', '../../host/exports/audit-export.js'],
    ['electron/core/runner/probe.ts', '../../host/exports/audit-export.js'],
    ['electron/core/probe.ts', '../host/exports/audit-export.js'],
  ])('flags an import of the host in %s', async (path, from) => {
    const code = [`import { writeAuditExport } from '${from}';`, `export const x = writeAuditExport;`].join(
      '\n',
    );
    expect(await messages(path, code)).toHaveLength(1);
  });

  it('lets the core import shared/, and the host import itself', async () => {
    const shared = [
      `import { formatAuditEventPage } from '../../../../shared/audit-export-format.js';`,
      `export const x = formatAuditEventPage;`,
    ].join('\n');
    expect(await messages('electron/core/services/audit/probe.ts', shared)).toEqual([]);
    const host = [
      `import { writeAuditExport } from './audit-export.js';`,
      `export const x = writeAuditExport;`,
    ].join('\n');
    expect(await messages('electron/host/exports/probe.ts', host)).toEqual([]);
  });
});
