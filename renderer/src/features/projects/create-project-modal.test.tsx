import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBridge, jsonResponse, TEST_PROFILE } from '../../../test-utils/fake-bridge.js';
import { projectFixture } from '../../../test-utils/project-fixture.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { projectKeys } from '../../api/projects/keys.js';
import { CreateProjectModal } from './create-project-modal.js';

const namespaces = [
  { id: 1, name: 'Administrator', path: 'root', kind: 'user', full_path: 'root', parent_id: null },
];

describe('CreateProjectModal', () => {
  it('derives the path from the name and posts the project', async () => {
    const onClose = vi.fn();
    const { bridge, requests } = createFakeBridge((req) => {
      if (req.path === '/namespaces') return jsonResponse(namespaces);
      if (req.method === 'POST' && req.path === '/projects') {
        return jsonResponse(projectFixture({ id: 7, name: 'My App', path: 'my-app' }), 201);
      }
      return undefined;
    });
    const { queryClient } = renderWithProviders(
      <CreateProjectModal profileId="embedded" opened onClose={onClose} />,
      {
        bridge,
        profile: TEST_PROFILE,
      },
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Project name' }), { target: { value: 'My App' } });
    expect((screen.getByRole('textbox', { name: 'Project slug' }) as HTMLInputElement).value).toBe('my-app');
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: ' Tools ' } });
    fireEvent.click(screen.getByRole('radio', { name: /Internal/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((req) => req.method === 'POST')).toMatchObject({
      path: '/projects',
      profileId: 'embedded',
      body: {
        name: 'My App',
        path: 'my-app',
        visibility: 'internal',
        description: 'Tools',
        initialize_with_readme: true,
      },
    });
    expect(queryClient.getQueryData(projectKeys.detail('embedded', 7))).toMatchObject({ path: 'my-app' });
    expect(await screen.findByText('root/my-app is ready.')).toBeTruthy();
  });

  it('keeps an edited path and shows GitLab validation errors under the fields', async () => {
    const { bridge } = createFakeBridge((req) => {
      if (req.path === '/namespaces') return jsonResponse(namespaces);
      if (req.method === 'POST') {
        return jsonResponse(
          { message: { path: ['has already been taken'], base: ['Storage is read-only'] } },
          400,
        );
      }
      return undefined;
    });
    const onClose = vi.fn();
    renderWithProviders(<CreateProjectModal profileId="embedded" opened onClose={onClose} />, {
      bridge,
      profile: TEST_PROFILE,
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Project slug' }), { target: { value: 'taken' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Project name' }), {
      target: { value: 'Something' },
    });
    expect((screen.getByRole('textbox', { name: 'Project slug' }) as HTMLInputElement).value).toBe('taken');
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));

    expect(await screen.findByText('Has already been taken')).toBeTruthy();
    expect(screen.getByText('Storage is read-only.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('checks required fields before calling the instance', async () => {
    const { bridge, requests } = createFakeBridge((req) =>
      req.path === '/namespaces' ? jsonResponse(namespaces) : undefined,
    );
    renderWithProviders(<CreateProjectModal profileId="embedded" opened onClose={() => undefined} />, {
      bridge,
      profile: TEST_PROFILE,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Enter a project name.')).toBeTruthy();
    expect(screen.getByText('Enter a project path.')).toBeTruthy();
    expect(requests.filter((req) => req.method === 'POST')).toHaveLength(0);
  });
});
