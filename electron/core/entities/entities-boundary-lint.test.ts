/**
 * The lint rule that keeps entities below services (eslint.config.js, issue 19, architecture.md "entities
 * present"): run the project's ESLint config on sample imports placed at entity and service paths.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
const SERVICES = 'Entities sit below services: declare the view-input type in the entity file.';
const QUERY = 'Entities are pure presenters: they never query.';

/** Messages of the two entity rules for `code` placed at `path`. */
async function messages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages.map((m) => m.message).filter((m) => m.includes(SERVICES) || m.includes(QUERY));
}

describe('lint: entities never import services', () => {
  it('flags value and type imports from services in an entity', async () => {
    const code = [
      `import type { LabelInput } from '../services/labels/create-label.js';`,
      `import { labelTitles } from '../services/labels/label-rules.js';`,
      `export const x: LabelInput | typeof labelTitles | null = null;`,
    ].join('\n');
    const found = await messages('electron/core/entities/probe.ts', code);
    expect(found).toHaveLength(2);
    for (const m of found) expect(m).toContain(SERVICES);
  });

  it('holds entities/merge-requests.ts to the same rule (no exception left)', async () => {
    const code = [
      `import type { ServiceContext } from '../services/context.js';`,
      `export const x: ServiceContext | null = null;`,
    ].join('\n');
    const found = await messages('electron/core/entities/merge-requests.ts', code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(SERVICES);
  });

  it('still allows row types from db and git, and flags their values', async () => {
    const code = [
      `import type { LabelRow } from '../db/labels.js';`,
      `import type { CommitInfo } from '../git/commit-info.js';`,
      `import { findLabelInScope } from '../db/labels.js';`,
      `export const x: LabelRow | CommitInfo | typeof findLabelInScope | null = null;`,
    ].join('\n');
    const found = await messages('electron/core/entities/probe.ts', code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(QUERY);
  });

  it('lets services import entity types', async () => {
    const code = [
      `import type { LabelView } from '../../entities/labels.js';`,
      `export const x: LabelView | null = null;`,
    ].join('\n');
    expect(await messages('electron/core/services/labels/probe.ts', code)).toEqual([]);
  });
});
