import { palette } from '../../features/command-palette/palette-store.js';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../../../shared/ipc-contract.js';
import { createFakeBridge, jsonResponse } from '../../../test-utils/fake-bridge.js';
import { projectFixture } from '../../../test-utils/project-fixture.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { CommandPalette } from './command-palette.js';

const web = projectFixture({ id: 7, name: 'web', path: 'web', name_with_namespace: 'Platform / web' });
const api = projectFixture({ id: 8, name: 'api', path: 'api', name_with_namespace: 'Platform / api' });

function instance(req: ApiRequest) {
  if (req.path === '/user') return jsonResponse({ id: 1, username: 'root', name: 'Root', is_admin: true });
  if (req.path === '/projects') {
    const search = String(req.query?.search ?? '');
    const all = [web, api];
    return jsonResponse(search ? all.filter((project) => project.name.includes(search)) : all);
  }
  if (req.path === '/merge_requests') {
    if (req.query?.search !== 'web') return jsonResponse([]);
    return jsonResponse([
      {
        id: 31,
        iid: 4,
        project_id: 7,
        title: 'web: cache the home page',
        references: { short: '!4', relative: '!4', full: 'platform/web!4' },
      },
    ]);
  }
  if (req.path === '/projects/8/pipelines/55') {
    return jsonResponse({ id: 55, iid: 2, project_id: 8, ref: 'main', status: 'failed' });
  }
  return undefined;
}

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

function renderPalette() {
  const fake = createFakeBridge(instance);
  renderWithProviders(
    <>
      <CommandPalette profileId="embedded" />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { bridge: fake.bridge },
  );
  act(() => palette.open());
  return fake;
}

/** Groups carry `data-group` (Mantine draws the label itself with CSS). */
const group = (label: string) => document.querySelector(`[data-group="${label}"]`);
/** Action labels are split by the query highlight: match on the whole button text. */
const action = (text: string) =>
  screen.findByText(
    (_, element) => element?.tagName === 'BUTTON' && (element.textContent ?? '').includes(text),
  );

const type = (text: string) =>
  fireEvent.change(screen.getByLabelText('Search the instance'), { target: { value: text } });

describe('CommandPalette', () => {
  it('finds projects, merge requests and "Pipelines of" actions as you type, and jumps to one', async () => {
    const fake = renderPalette();
    type('web');
    // The searches answer in any order: wait for all of them.
    await waitFor(() => {
      expect(group('Projects')?.textContent).toContain('root/web');
      expect(group('Merge requests')?.textContent).toContain('web: cache the home page');
      expect(group('Pipelines')?.textContent).toContain('Pipelines of Platform / web');
    });
    expect(group('Projects')?.textContent).not.toContain('root/api');
    const projectRequest = fake.requests.find((req) => req.path === '/projects');
    expect(projectRequest?.query).toMatchObject({ search: 'web', simple: true, per_page: 8 });
    const mrRequest = fake.requests.find((req) => req.path === '/merge_requests');
    expect(mrRequest?.query).toMatchObject({ scope: 'all', state: 'opened', search: 'web', per_page: 8 });

    fireEvent.click(screen.getByText('platform/web!4'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/merge-requests/7/4'));
  });

  it('selects the first result once results arrive: Enter opens it, ArrowDown then Enter the next', async () => {
    renderPalette();
    type('web');
    await waitFor(() => expect(group('Pipelines')?.textContent).toContain('Pipelines of Platform / web'));
    const actions = () => Array.from(document.querySelectorAll('[data-action]'));
    await waitFor(() => expect(actions()[0]?.hasAttribute('data-selected')).toBe(true));
    expect(actions().filter((el) => el.hasAttribute('data-selected'))).toHaveLength(1);
    expect(actions()[0]?.textContent).toContain('root/web');
    const search = screen.getByLabelText('Search the instance');
    fireEvent.keyDown(search, { key: 'ArrowDown', code: 'ArrowDown' });
    expect(actions()[1]?.hasAttribute('data-selected')).toBe(true);
    expect(actions()[0]?.hasAttribute('data-selected')).toBe(false);
    fireEvent.keyDown(search, { key: 'ArrowUp', code: 'ArrowUp' });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/repository\/\d+/));
  });

  it('debounces: only the settled text is searched', async () => {
    const fake = renderPalette();
    type('w');
    type('we');
    type('web');
    await screen.findByText('platform/web!4');
    const searches = fake.requests.filter((req) => req.path === '/projects').map((req) => req.query?.search);
    expect(searches).toEqual(['web']);
  });

  it('looks "#55" up in the recent projects and opens the pipeline', async () => {
    renderPalette();
    type('#55');
    const hit = await screen.findByText('Pipeline #55');
    expect(screen.getByText('root/api · main · failed')).toBeTruthy();
    expect(group('Projects')).toBeNull();
    fireEvent.click(hit);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pipelines/8/55'));
  });

  it('says "Nothing matches" once a search finds nothing anywhere', async () => {
    renderPalette();
    type('zzzz');
    expect(await screen.findByText('Nothing matches')).toBeTruthy();
  });

  it('offers the keyboard shortcuts and the areas of the app', async () => {
    renderPalette();
    type('shortcuts');
    expect((await action('Keyboard shortcuts')).closest('[data-group]')?.getAttribute('data-group')).toBe(
      'Preferences',
    );
    type('storage moves');
    expect((await action('Storage moves')).closest('[data-group]')?.getAttribute('data-group')).toBe('Go to');
  });
});
