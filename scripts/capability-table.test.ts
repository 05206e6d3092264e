/**
 * The per-screen compatibility table of docs/administrators/gitlab-versions.md is the one
 * scripts/capability-table.ts generates from shared/screen-requirements.ts and `decideFeature`: a change
 * of a requirement (a new FeatureId, a version rule) without regenerating the doc fails here. Regenerate
 * with `UPDATE_DOCS=1 npx vitest run scripts/capability-table.test.ts`. Also checks a few cells against
 * GitLab's documented versions, so the generator itself can't silently say "works" everywhere.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { SCREEN_REQUIREMENTS, unknownFeatureIds } from '../shared/screen-requirements.js';
import {
  cellText,
  columnCapabilities,
  renderCapabilityTable,
  TABLE_COLUMNS,
  TABLE_END,
  TABLE_START,
  withCurrentTable,
} from './capability-table.js';

const docPath = path.resolve(import.meta.dirname, '..', 'docs', 'administrators', 'gitlab-versions.md');

/** The cell of screen `id` in the column labelled `label`. */
function cell(id: string, label: string): string {
  const screen = SCREEN_REQUIREMENTS.find((s) => s.id === id)!;
  const column = TABLE_COLUMNS.find((c) => c.label === label)!;
  return cellText(screen, columnCapabilities(column));
}

describe('capability table', () => {
  it('names only FeatureIds that exist', () => {
    expect(unknownFeatureIds()).toEqual([]);
  });

  it('decides cells as GitLab documents them', () => {
    expect(cell('environments', 'GitLab 13.10')).toBe('works');
    // doc/api/audit_events.md: Premium (EE) only.
    expect(cell('admin-audit-events', 'GitLab 18.x CE')).toBe('not available (needs EE (Premium))');
    expect(cell('admin-audit-events', 'GitLab 18.x EE')).toBe('works');
    // GitLab.com users are never instance administrators.
    expect(cell('admin-ci-variables', 'GitLab.com')).toBe('not available (needs an instance administrator)');
    // Shard usage is Outpost's own endpoint (doc/api/project_repository_storage_moves.md has none).
    expect(cell('admin-storage-moves', 'GitLab 18.x EE')).toContain('Shard usage (Outpost-only)');
    // doc/api/merge_requests.md: diffs 15.7, detailed_merge_status 15.6, auto_merge 17.11.
    expect(cell('merge-request', 'GitLab 13.10')).toContain('Paginated merge request diffs (from 15.7)');
    expect(cell('merge-request', 'GitLab 17.x')).toBe('works; without Auto-merge (from 17.11)');
    expect(cell('merge-request', 'GitLab 18.x EE')).toBe('works');
    // doc/api/releases/index.md: release notes go through the Releases API (11.7) everywhere.
    expect(cell('repository-tags', 'GitLab 16.11')).toBe('works');
    // doc/api/runners.md: the runner list as Outpost reads it (paused) needs 14.8.
    expect(cell('admin-runners', 'GitLab 13.10')).toBe('not available (from 14.8)');
  });

  it('has a row per screen and a column per GitLab', () => {
    const lines = renderCapabilityTable().split('\n');
    expect(lines[0]).toBe(`| Screen | ${TABLE_COLUMNS.map((c) => c.label).join(' | ')} |`);
    expect(lines.filter((l) => l.startsWith('| ') && !l.startsWith('| ---')).length).toBe(
      SCREEN_REQUIREMENTS.length + 1,
    );
  });

  it('docs/administrators/gitlab-versions.md holds the current table', async () => {
    const doc = readFileSync(docPath, 'utf8');
    expect(doc).toContain(TABLE_START);
    expect(doc).toContain(TABLE_END);
    // Formatted as `prettier --check .` (npm run lint) wants the doc, so the lint and this test agree.
    const options = (await resolveConfig(docPath)) ?? {};
    const current = await format(withCurrentTable(doc), { ...options, filepath: docPath });
    if (process.env.UPDATE_DOCS === '1' && current !== doc) {
      writeFileSync(docPath, current);
      return;
    }
    expect(
      doc,
      'docs/administrators/gitlab-versions.md is stale: run UPDATE_DOCS=1 npx vitest run scripts/capability-table.test.ts',
    ).toBe(current);
  });
});
