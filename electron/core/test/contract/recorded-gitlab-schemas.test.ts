/**
 * Contract test of the renderer's recorded GitLab (issue 26): the documents the stand-in GitLab of the
 * renderer real-host tests answers with are validated against GitLab 18's own RSpec response schemas
 * (./gitlab-schemas, see its INDEX.md), so a renderer test never passes on a shape GitLab does not send.
 * Documents (renderer/test-utils/, pure data the renderer tests import):
 * - `/user` of every capabilities fixture (electron/host/capabilities/fixtures/*.json);
 * - recorded-project.ts: the project; recorded-merge-request.ts: the single merge request (CE and EE);
 * - recorded-runners.ts: runners; recorded-audit-events.ts: audit events (EE);
 * - recorded-project-documents.ts: pipelines, a commit, merge request list items, storage moves;
 * - recorded-repository-documents.ts: a tag and a protected branch.
 * A failing document is fixed, never the schema; where a schema cannot apply as written (later fields on
 * an older version, outdated parts) the oracle's `relax` is used and the reason is given beside it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recordedAuditEvent } from '../../../../renderer/test-utils/recorded-audit-events.js';
import { recordedMergeRequest } from '../../../../renderer/test-utils/recorded-merge-request.js';
import {
  RECORDED_CREATED_PIPELINE,
  recordedCommit,
  recordedMergeRequestListItem,
  recordedPipelineBasic,
  recordedPipelineDetail,
  recordedStorageMove,
  recordedUser,
} from '../../../../renderer/test-utils/recorded-project-documents.js';
import { recordedProject } from '../../../../renderer/test-utils/recorded-project.js';
import {
  recordedProtectedBranch,
  recordedTag,
} from '../../../../renderer/test-utils/recorded-repository-documents.js';
import { RECORDED_RUNNERS, recordedRunnerDetails } from '../../../../renderer/test-utils/recorded-runners.js';
import { loadSchemaOracle } from './schema-oracle.js';

const V4 = 'spec/fixtures/api/schemas/public_api/v4';
const FIXTURES = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'host',
  'capabilities',
  'fixtures',
);
const oracle = loadSchemaOracle();

type Relax = { required?: string[]; open?: boolean };

function errorsOf(file: string, body: unknown, relax?: Relax): unknown[] {
  const validate = oracle.validator(file, relax);
  return validate(body) ? [] : (validate.errors ?? []);
}

interface CapabilitiesFixture {
  answers: Record<string, { status: number; body: unknown }>;
}

function fixture(name: string): CapabilitiesFixture {
  return JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as CapabilitiesFixture;
}

/**
 * The recorded `/user` answers of GitLab 13.10, 15.4 and 16.11 were trimmed to the fields Outpost reads
 * (id, username, name, state, web_url, created_at, two_factor_enabled, external, is_admin when sent), and
 * those versions lack some fields GitLab 18 requires (`pronouns` 14.0, `commit_email`/`namespace_id` as
 * INDEX.md notes), so for them the schema's other required keys are relaxed: what is sent must still
 * have GitLab's type. The 18.6 and gitlab.com answers are full GitLab 18 answers, validated unrelaxed.
 */
const TRIMMED_USER_FIELDS = [
  'email',
  'commit_email',
  'avatar_url',
  'is_admin',
  'bio',
  'location',
  'pronouns',
  'linkedin',
  'twitter',
  'website_url',
  'organization',
  'last_sign_in_at',
  'confirmed_at',
  'color_scheme_id',
  'projects_limit',
  'current_sign_in_at',
  'identities',
  'can_create_group',
  'can_create_project',
  'namespace_id',
];

/** Fixtures whose `/user` is a full GitLab 18 answer (no relaxation). */
const FULL_USER = new Set(['gitlab-18.6-ce', 'gitlab-18.6-ee', 'gitlab-com']);

describe('recorded GitLab documents of renderer tests against GitLab 18 schemas', () => {
  const names = readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));

  it('covers every capabilities fixture', () => {
    expect(names).toEqual(
      expect.arrayContaining(['gitlab-13.10-ee', 'gitlab-15.4-ce', 'gitlab-16.11-ee', ...FULL_USER]),
    );
  });

  it.each(names)(
    '%s: GET /user is user/admin.json for an administrator, user/public.json otherwise',
    (name) => {
      const answer = fixture(name).answers['/api/v4/user'];
      expect(answer?.status).toBe(200);
      const body = answer!.body as Record<string, unknown>;
      // doc/api/users.md: "List current user (for admins)" adds is_admin, note, …; for normal users it doesn't.
      const file = body.is_admin === true ? `${V4}/user/admin.json` : `${V4}/user/public.json`;
      const relax = FULL_USER.has(name) ? undefined : { required: TRIMMED_USER_FIELDS };
      expect(errorsOf(file, body, relax)).toEqual([]);
      // Every user document is also a user/basic.json (the embedded form).
      expect(errorsOf(`${V4}/user/basic.json`, body, relax && { required: ['avatar_url'] })).toEqual([]);
    },
  );

  it('the recorded project is a GitLab project (project.json)', () => {
    // project.json is strict and describes the short project of environment.json/POST /projects
    // (INDEX.md); a full `GET /projects/:id` also sends archived, empty_repo, import_status and
    // open_issues_count (doc/api/projects.md "Get a single project"), so it is checked open.
    expect(errorsOf(`${V4}/project.json`, recordedProject(42), { open: true })).toEqual([]);
    expect(
      errorsOf(`${V4}/project.json`, recordedProject(42, { description: 'Shop front' }), { open: true }),
    ).toEqual([]);
  });

  it('the project schema catches a wrong type (the test can fail)', () => {
    expect(
      errorsOf(`${V4}/project.json`, recordedProject(42, { topics: 'none' }), { open: true }),
    ).not.toEqual([]);
    expect(
      errorsOf(`${V4}/project.json`, recordedProject(42, { namespace: undefined }), { open: true }),
    ).not.toEqual([]);
  });

  const mergeRequests: [string, Record<string, unknown>][] = [
    ['as recorded', recordedMergeRequest(42, 7)],
    [
      '13.10 viewer who may not merge',
      recordedMergeRequest(42, 7, { merge_status: 'unchecked', user: { can_merge: false } }),
    ],
    [
      '18.6, ci_must_pass',
      recordedMergeRequest(42, 7, { draft: false, detailed_merge_status: 'ci_must_pass' }),
    ],
    ['18.6, mergeable', recordedMergeRequest(42, 7, { draft: false, detailed_merge_status: 'mergeable' })],
  ];

  it.each(mergeRequests)('merge request (%s) is merge_request.json, CE and EE', (_label, mr) => {
    expect(errorsOf(`${V4}/merge_request.json`, mr)).toEqual([]);
    // EE's override also requires approvals_before_merge (INDEX.md); GitLab EE sends it (null when unset,
    // doc/api/merge_requests.md "Get single MR").
    expect(errorsOf(`ee/${V4}/merge_request.json`, { ...mr, approvals_before_merge: null })).toEqual([]);
    // The list form (GET /projects/:id/merge_requests) is an array of the same.
    expect(errorsOf(`${V4}/merge_requests.json`, [mr])).toEqual([]);
  });

  it('the merge request schema catches a missing required field (the test can fail)', () => {
    const { merge_status: _dropped, ...rest } = recordedMergeRequest(42, 7);
    expect(errorsOf(`${V4}/merge_request.json`, rest)).not.toEqual([]);
  });

  it('runners (list items and details) are runner.json', () => {
    // runner.json (strict) predates `paused` (14.8, doc/api/runners.md) and `runner_type`, and lists none
    // of the "Get runner's details" fields: checked open, every declared field present with GitLab's type.
    for (const runner of RECORDED_RUNNERS) {
      expect(errorsOf(`${V4}/runner.json`, runner, { open: true })).toEqual([]);
      expect(
        errorsOf(`${V4}/runner.json`, recordedRunnerDetails(runner, ['docker']), { open: true }),
      ).toEqual([]);
    }
    expect(
      errorsOf(`${V4}/runner.json`, { ...RECORDED_RUNNERS[0], online: 'yes' }, { open: true }),
    ).not.toEqual([]);
  });

  it('pipelines: list items are pipeline/basic.json and pipelines.json, a single pipeline pipeline/detail.json', () => {
    expect(errorsOf(`${V4}/pipeline/basic.json`, recordedPipelineBasic(500))).toEqual([]);
    expect(
      errorsOf(`${V4}/pipelines.json`, [recordedPipelineBasic(500), recordedPipelineBasic(499)]),
    ).toEqual([]);
    // detail.json pulls in status/ci_detailed_status.json (strict) for detailed_status, and user/basic.json.
    expect(errorsOf(`${V4}/pipeline/detail.json`, recordedPipelineDetail(500))).toEqual([]);
    // POST /projects/:id/pipeline answers a pipeline/detail.json (INDEX.md).
    expect(errorsOf(`${V4}/pipeline/detail.json`, RECORDED_CREATED_PIPELINE)).toEqual([]);
    const { favicon: _favicon, ...status } = recordedPipelineDetail(500).detailed_status;
    expect(
      errorsOf(`${V4}/pipeline/detail.json`, { ...recordedPipelineDetail(500), detailed_status: status }),
    ).not.toEqual([]);
  });

  it('the commit is commit/basic.json; the embedded user is user/basic.json', () => {
    expect(errorsOf(`${V4}/commit/basic.json`, recordedCommit)).toEqual([]);
    expect(errorsOf(`${V4}/user/basic.json`, recordedUser)).toEqual([]);
  });

  it('merge request list items are merge_requests.json (CE) and, with approvals_before_merge, EE', () => {
    const items = [recordedMergeRequestListItem(1), recordedMergeRequestListItem(2)];
    expect(errorsOf(`${V4}/merge_requests.json`, items)).toEqual([]);
    expect(
      errorsOf(
        `ee/${V4}/merge_requests.json`,
        items.map((mr) => ({ ...mr, approvals_before_merge: null })),
      ),
    ).toEqual([]);
  });

  it('storage moves are project_repository_storage_move(s).json', () => {
    // doc/api/project_repository_storage_moves.md: state is one of initial, scheduled, started, finished,
    // failed, replicated, cleanup_failed.
    const moves = ['scheduled', 'started', 'finished'].map((state, index) =>
      recordedStorageMove(index + 1, state),
    );
    for (const move of moves)
      expect(errorsOf(`${V4}/project_repository_storage_move.json`, move)).toEqual([]);
    expect(errorsOf(`${V4}/project_repository_storage_moves.json`, moves)).toEqual([]);
  });

  it('audit events are audit_event.json and audit_events.json (EE)', () => {
    const events = [
      recordedAuditEvent(2, new Date('2026-11-28T10:00:00Z')),
      recordedAuditEvent(1, new Date('2026-11-28T09:00:00Z')),
    ];
    expect(errorsOf(`ee/${V4}/audit_event.json`, events[0])).toEqual([]);
    expect(errorsOf(`ee/${V4}/audit_events.json`, events)).toEqual([]);
    // doc/api/audit_events.md's example sends the path as details.target_id; the schema requires the id.
    const withPath = { ...events[0]!, details: { ...events[0]!.details, target_id: 'flightjs/flight' } };
    expect(errorsOf(`ee/${V4}/audit_event.json`, withPath)).not.toEqual([]);
  });

  it('tags are tag.json and tags.json, with and without release notes (release/tag_release.json)', () => {
    const bare = recordedTag('v1.0', null);
    const noted = recordedTag('v1.0', { tag_name: 'v1.0', description: 'Notes' });
    expect(errorsOf(`${V4}/tag.json`, bare)).toEqual([]);
    expect(errorsOf(`${V4}/tag.json`, noted)).toEqual([]);
    expect(errorsOf(`${V4}/tags.json`, [bare, noted])).toEqual([]);
    // tag.json is strict: a field GitLab does not send fails.
    expect(errorsOf(`${V4}/tag.json`, { ...bare, web_url: 'https://gitlab.example.com' })).not.toEqual([]);
  });

  it('protected branches are protected_branch.json and protected_branches.json', () => {
    expect(
      errorsOf('spec/fixtures/api/schemas/protected_branch.json', recordedProtectedBranch(40, 40)),
    ).toEqual([]);
    expect(
      errorsOf('spec/fixtures/api/schemas/protected_branches.json', [recordedProtectedBranch(30, 40)]),
    ).toEqual([]);
    const { allow_force_push: _dropped, ...without } = recordedProtectedBranch(40, 40);
    expect(errorsOf('spec/fixtures/api/schemas/protected_branch.json', without)).not.toEqual([]);
  });
});
