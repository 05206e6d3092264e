/**
 * The command palette against a real core behind the real browser host: the instance-level merge
 * request search, `simple=true` project search and the `#id` pipeline lookup answer as the palette
 * expects, and choosing a result navigates.
 */
import { palette } from '../../features/command-palette/palette-store.js';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutpostBridge } from '../../../../shared/ipc-contract.js';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { CommandPalette } from './command-palette.js';

let session: RealHostSession;
let bridge: OutpostBridge;
let profileId: string;
let projectId: number;
let pipelineId: number;

beforeAll(async () => {
  session = await openRealHostSession();
  ({ bridge, profileId } = session);
  const { api } = session;
  const project = await api<{ id: number }>('POST', '/projects', {
    name: 'Ledger',
    initialize_with_readme: true,
  });
  projectId = project.id;
  await api('POST', `/projects/${projectId}/repository/files/notes.md`, {
    branch: 'ledger-notes',
    start_branch: 'main',
    content: 'Notes\n',
    commit_message: 'Add notes',
  });
  await api('POST', `/projects/${projectId}/merge_requests`, {
    source_branch: 'ledger-notes',
    target_branch: 'main',
    title: 'Ledger: keep notes',
  });
  await api('POST', `/projects/${projectId}/repository/files/.gitlab-ci.yml`, {
    branch: 'main',
    content: 'check:\n  script:\n    - echo ok\n',
    commit_message: 'Add CI',
  });
  pipelineId = (await api<{ id: number }>('POST', `/projects/${projectId}/pipeline`, { ref: 'main' })).id;
}, 60_000);

afterAll(async () => {
  await session?.host.close();
});

function Where() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderPalette() {
  renderWithProviders(
    <>
      <CommandPalette profileId={profileId} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { bridge },
  );
  act(() => palette.open());
}

const type = (text: string) =>
  fireEvent.change(screen.getByLabelText('Search the instance'), { target: { value: text } });
const group = (label: string) => document.querySelector(`[data-group="${label}"]`);

describe('CommandPalette on the real browser host', () => {
  it('finds the project and its open merge request by name, and opens the merge request', async () => {
    renderPalette();
    type('ledger');
    // The three searches answer in any order: wait for all of them.
    await waitFor(
      () => {
        expect(group('Merge requests')?.textContent).toContain('Ledger: keep notes');
        expect(group('Merge requests')?.textContent).toContain('root/ledger!1');
        expect(group('Projects')?.textContent).toContain('Administrator / Ledger');
        expect(group('Pipelines')?.textContent).toContain('Pipelines of Administrator / Ledger');
      },
      { timeout: 10_000 },
    );
    fireEvent.click(
      screen.getByText(
        (_, element) => element?.tagName === 'BUTTON' && /keep notes/.test(element.textContent ?? ''),
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/merge-requests/${projectId}/1`),
    );
  });

  it('looks a pipeline up by #id and opens it', async () => {
    renderPalette();
    type(`#${pipelineId}`);
    await waitFor(() => expect(group('Pipelines')?.textContent).toContain(`Pipeline #${pipelineId}`), {
      timeout: 10_000,
    });
    expect(group('Pipelines')?.textContent).toContain('main');
    fireEvent.click(
      screen.getByText(
        (_, element) =>
          element?.tagName === 'BUTTON' && (element.textContent ?? '').startsWith(`Pipeline #${pipelineId}`),
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/pipelines/${projectId}/${pipelineId}`),
    );
  });

  it('says "Nothing matches" for a pipeline id no project has', async () => {
    renderPalette();
    type(`#${pipelineId + 1000}`);
    expect(await screen.findByText('Nothing matches', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
