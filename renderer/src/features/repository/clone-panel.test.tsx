import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createFakeBridge, jsonResponse, TEST_PROFILE } from '../../../test-utils/fake-bridge.js';
import { projectFixture } from '../../../test-utils/project-fixture.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { ClonePanel } from './clone-panel.js';
import { FileTreePage } from './file-tree-page.js';
import { RepositoryLayout } from './repository-layout.js';

const project = projectFixture({
  id: 9,
  path: 'web-shop',
  default_branch: 'main',
  http_url_to_repo: 'http://127.0.0.1:3555/platform/web-shop.git',
});

const blocks = () => screen.queryAllByTestId('clone-command-block').map((block) => block.textContent);

describe('ClonePanel', () => {
  it('shows the HTTP clone URL and copies it', async () => {
    renderWithProviders(<ClonePanel project={project} />);
    const field = screen.getByTestId('clone-url') as HTMLInputElement;
    expect(field.value).toBe(project.http_url_to_repo);
    expect(field.readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Copy clone URL' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(project.http_url_to_repo));
    expect(screen.getByText(/use a personal access token/)).toBeTruthy();
  });

  it('keeps the command blocks collapsed until asked, and copies a whole block', async () => {
    renderWithProviders(<ClonePanel project={project} />);
    expect(blocks()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Push an existing Git repository' }));
    await waitFor(() =>
      expect(blocks()).toEqual([
        [
          'git remote rename origin old-origin',
          `git remote add origin ${project.http_url_to_repo}`,
          'git push --set-upstream origin --all',
          'git push --set-upstream origin --tags',
        ].join('\n'),
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy commands to push a repository' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toContain('git push --set-upstream origin --tags'),
    );
  });

  it('opens the sections it is given', () => {
    renderWithProviders(<ClonePanel project={project} opened={['clone']} />);
    expect(blocks()).toEqual([`git clone ${project.http_url_to_repo}\ncd web-shop`]);
  });
});

function renderRepository(repo: typeof project) {
  const fake = createFakeBridge((req) => {
    if (req.path === `/projects/${repo.id}`) return jsonResponse(repo);
    return undefined;
  });
  renderWithProviders(
    <Routes>
      <Route path="repository/:projectId" element={<RepositoryLayout />}>
        <Route path="tree/*" element={<FileTreePage />} />
      </Route>
    </Routes>,
    { bridge: fake.bridge, profile: TEST_PROFILE, route: `/repository/${repo.id}/tree` },
  );
  return fake;
}

describe('repository screen', () => {
  it('an empty repository shows the push instructions instead of a file table', async () => {
    const empty = { ...project, empty_repo: true, default_branch: null };
    const fake = renderRepository(empty);
    expect(await screen.findByText('This repository is empty')).toBeTruthy();
    expect(blocks()).toEqual([
      [
        'git init --initial-branch=main',
        `git remote add origin ${project.http_url_to_repo}`,
        'git add .',
        'git commit -m "Initial commit"',
        'git push --set-upstream origin main',
      ].join('\n'),
      expect.stringContaining('git remote rename origin old-origin'),
    ]);
    expect(screen.queryAllByTestId('tree-row')).toEqual([]);
    expect(fake.requests.some((req) => req.path.endsWith('/repository/tree'))).toBe(false);
  });

  it('the header Clone button opens the clone URL', async () => {
    renderRepository({ ...project, empty_repo: true, default_branch: null });
    fireEvent.click(await screen.findByTestId('clone-button'));
    const panels = await screen.findAllByTestId('clone-panel');
    expect(panels).toHaveLength(2);
    const url = within(panels[1]!).getByRole('textbox') as HTMLInputElement;
    expect(url.value.endsWith('.git')).toBe(true);
  });
});
