import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge, jsonResponse } from '../../../test-utils/fake-bridge.js';
import { projectFixture } from '../../../test-utils/project-fixture.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { followImportInBackground } from './follow-import.js';

const importing = projectFixture({ id: 3, path: 'imported', import_status: 'started', default_branch: null });

function follow(final: Partial<typeof importing>) {
  let polls = 0;
  const fake = createFakeBridge((req) => {
    if (req.path !== '/projects/3') return undefined;
    polls += 1;
    return jsonResponse(polls < 2 ? importing : { ...importing, ...final });
  });
  const { queryClient } = renderWithProviders(<div />, { bridge: fake.bridge });
  return followImportInBackground(queryClient, 'embedded', importing, { intervalMs: 20 });
}

describe('followImportInBackground', () => {
  // Mantine's notification store outlives a render; start every test without notices.
  afterEach(() => notifications.clean());

  it('notifies "Repository imported" once the project has finished importing', async () => {
    await follow({ import_status: 'finished', default_branch: 'main' });
    expect(await screen.findByText('Repository imported')).toBeTruthy();
    expect(screen.getByText('root/imported is ready (default branch main).')).toBeTruthy();
  });

  it('notifies "Import failed" with the instance’s reason', async () => {
    await follow({ import_status: 'failed', import_error: 'repository not found' });
    expect(await screen.findByText('Import failed')).toBeTruthy();
    expect(screen.getByText('root/imported: repository not found')).toBeTruthy();
  });
});
