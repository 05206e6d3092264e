import { describe, expect, it } from 'vitest';
import type { Project } from '../../../../shared/api-types/projects.js';
import { addDays, describeDeletion, markedForDeletionOn } from './deletion.js';

/** doc/api/projects.md: `marked_for_deletion_on` (and the older `marked_for_deletion_at`) on GitLab 18. */
describe('project deletion outcome', () => {
  const project = (fields: Record<string, unknown>) => ({ id: 1, ...fields }) as unknown as Project;

  it('reads the mark from either field', () => {
    expect(markedForDeletionOn(project({ marked_for_deletion_on: '2026-11-28' }))).toBe('2026-11-28');
    expect(markedForDeletionOn(project({ marked_for_deletion_at: '2026-11-27' }))).toBe('2026-11-27');
    expect(markedForDeletionOn(project({ marked_for_deletion_on: null }))).toBeNull();
    expect(markedForDeletionOn(project({}))).toBeNull();
  });

  it('names the removal date when the retention period is known', () => {
    expect(addDays('2026-11-28', 30)).toBe('2026-12-28');
    expect(
      describeDeletion(
        { kind: 'marked', projectId: 1, markedOn: '2026-11-28', retentionDays: 7, project: project({}) },
        'shop/app',
      ),
    ).toBe(
      'shop/app was marked for deletion on 2026-11-28; GitLab removes it after 7 days, on 2026-12-05. Until then an owner can restore it in GitLab.',
    );
    expect(describeDeletion({ kind: 'deleted', projectId: 1 }, 'shop/app')).toBe('Deleted shop/app.');
  });
});
