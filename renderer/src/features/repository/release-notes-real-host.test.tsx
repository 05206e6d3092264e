/**
 * Release notes go through the API the instance offers (issue 26; api/repository/release-notes-api.ts),
 * through the real browser host:
 * - the embedded core: `POST /projects/:id/releases` then `PUT /projects/:id/releases/:tag_name` (the
 *   Releases API, doc/api/releases/index.md), and the tag list's `release` field shows the notes (one
 *   store);
 * - GitLab 18.6 (a stand-in answering from the recorded fixture plus the release answers below, written
 *   from doc/api/releases/index.md "Create a release"/"Update a release"): the Releases API, never the
 *   tag release endpoints GitLab removed in 14.0;
 * - GitLab 13.10 (stand-in; doc/api/tags.md "Create a new release"/"Update a release" of 13.10): the tag
 *   release endpoints `POST`/`PUT …/repository/tags/:tag_name/release`.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../../../shared/api-types/projects.js';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import type { Tag } from '../../api/repository/types.js';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { loadRecordedGitLab, type RecordedGitLab } from '../../../test-utils/recorded-gitlab.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { recordedTag } from '../../../test-utils/recorded-repository-documents.js';
import { ReleaseNotesModal } from './release-notes-modal.js';
import { RepositoryProvider } from './repository-context.js';

const WAIT = { timeout: 15_000 };
const TOKEN = 'glpat-release-notes-test-0123456';
const PROJECT_ID = 42;
const TAG = 'v1.0';

/** The tag as `GET /projects/:id/repository/tags` shows it (doc/api/tags.md), without notes or with. */
function tagOf(name: string, release: Tag['release']): Tag {
  return recordedTag(name, release) as unknown as Tag;
}

/** doc/api/releases/index.md "Create a release" response, trimmed to what any client reads. */
const RELEASE_18 = {
  tag_name: TAG,
  description: 'Notes from the Releases API',
  name: TAG,
  created_at: '2025-11-27T10:00:00.000Z',
  released_at: '2025-11-27T10:00:00.000Z',
  upcoming_release: false,
  assets: { count: 0, links: [] },
  _links: { self: 'https://gitlab.example.com/shop/checkout/-/releases/v1.0' },
};

let session: RealHostSession;
let gitlab13: RecordedGitLab;
let gitlab18: RecordedGitLab;
let remote13: string;
let remote18: string;

async function addRemote(name: string, gitlab: RecordedGitLab, version: string): Promise<string> {
  const added = await session.bridge.profiles.addRemote({ name, url: gitlab.url, token: TOKEN });
  expect(await session.bridge.profiles.check(added.id)).toMatchObject({ ok: true, version });
  return added.id;
}

beforeAll(async () => {
  const recorded = await loadRecordedGitLab();
  gitlab13 = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-13.10-ee'), {
    token: TOKEN,
    cors: true,
    extraAnswers: {
      [`/api/v4/projects/${PROJECT_ID}/repository/tags/${TAG}/release`]: {
        status: 201,
        body: { tag_name: TAG, description: 'Notes from the tag endpoint' },
      },
    },
  });
  gitlab18 = await recorded.startRecordedGitLab(recorded.loadFixture('gitlab-18.6-ee'), {
    token: TOKEN,
    cors: true,
    extraAnswers: {
      [`/api/v4/projects/${PROJECT_ID}/releases`]: { status: 201, body: RELEASE_18 },
      [`/api/v4/projects/${PROJECT_ID}/releases/${TAG}`]: { status: 200, body: RELEASE_18 },
    },
  });
  session = await openRealHostSession();
  remote13 = await addRemote('Old GitLab', gitlab13, '13.10.0-ee');
  remote18 = await addRemote('Shop GitLab', gitlab18, '18.6.0-ee');
}, 60_000);

afterAll(async () => {
  await session?.host.close();
  await gitlab13?.close();
  await gitlab18?.close();
});

async function profile(id: string): Promise<ProfileSummary> {
  await session.bridge.profiles.setActive(id);
  return (await session.bridge.profiles.list()).find((p) => p.id === id)!;
}

/** Open the release notes dialog of `tag`, type `notes`, save, and wait for the confirmation. */
async function saveNotes(active: ProfileSummary, projectId: number, tag: Tag, notes: string) {
  // Mantine's notifications live in a module-level store: the previous save's "Release notes saved"
  // would still be on screen and end this wait before the request did.
  notifications.clean();
  const project = { id: projectId, default_branch: 'main' } as Project;
  const view = renderWithProviders(
    <RepositoryProvider
      value={{ profileId: active.id, project, projectId, ref: 'main', defaultBranch: 'main', empty: false }}
    >
      <ReleaseNotesModal tag={tag} onClose={() => {}} />
    </RepositoryProvider>,
    { bridge: session.bridge, profile: active },
  );
  const field = await screen.findByRole('textbox', { name: 'Release notes' }, WAIT);
  fireEvent.change(field, { target: { value: notes } });
  fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
  await screen.findByText('Release notes saved', {}, WAIT);
  view.unmount();
}

const writes = (gitlab: RecordedGitLab) =>
  gitlab.seen.filter((r) => r.method === 'POST' || r.method === 'PUT').map((r) => `${r.method} ${r.path}`);

describe('Release notes on every kind of instance (real host)', () => {
  it('embedded core: the Releases API adds then edits the notes, and the tag shows them', async () => {
    const active = await profile(session.profileId);
    const project = await session.api<{ id: number }>('POST', '/projects', {
      name: 'Released app',
      initialize_with_readme: true,
      default_branch: 'main',
    });
    await session.api('POST', `/projects/${project.id}/repository/tags`, { tag_name: TAG, ref: 'main' });
    const bare = await session.api<Tag>('GET', `/projects/${project.id}/repository/tags/${TAG}`);
    expect(bare.release).toBeNull();

    await saveNotes(active, project.id, bare, '## First notes');
    const release = await session.api<{ name: string; description: string; tag_name: string }>(
      'GET',
      `/projects/${project.id}/releases/${TAG}`,
    );
    expect(release).toMatchObject({ name: TAG, tag_name: TAG, description: '## First notes' });

    const withNotes = await session.api<Tag>('GET', `/projects/${project.id}/repository/tags/${TAG}`);
    expect(withNotes.release).toEqual({ tag_name: TAG, description: '## First notes' });
    await saveNotes(active, project.id, withNotes, '## Better notes');
    expect(
      (await session.api<{ description: string }>('GET', `/projects/${project.id}/releases/${TAG}`))
        .description,
    ).toBe('## Better notes');
  });

  it('GitLab 18.6: POST /projects/:id/releases to add, PUT …/releases/:tag_name to edit', async () => {
    const active = await profile(remote18);
    await saveNotes(active, PROJECT_ID, tagOf(TAG, null), 'Notes from the Releases API');
    await saveNotes(
      active,
      PROJECT_ID,
      tagOf(TAG, { tag_name: TAG, description: 'Notes from the Releases API' }),
      'Edited',
    );
    await waitFor(() =>
      expect(writes(gitlab18)).toEqual([
        `POST /api/v4/projects/${PROJECT_ID}/releases`,
        `PUT /api/v4/projects/${PROJECT_ID}/releases/${TAG}`,
      ]),
    );
  });

  it('GitLab 13.10: the tag release endpoints', async () => {
    const active = await profile(remote13);
    await saveNotes(active, PROJECT_ID, tagOf(TAG, null), 'Notes from the tag endpoint');
    await saveNotes(
      active,
      PROJECT_ID,
      tagOf(TAG, { tag_name: TAG, description: 'Notes from the tag endpoint' }),
      'Edited',
    );
    await waitFor(() =>
      expect(writes(gitlab13)).toEqual([
        `POST /api/v4/projects/${PROJECT_ID}/repository/tags/${TAG}/release`,
        `PUT /api/v4/projects/${PROJECT_ID}/repository/tags/${TAG}/release`,
      ]),
    );
  });
});
