/**
 * Test-only: the GitLab versions the behaviour proxy (./proxy.ts) plays, each with the answers of the
 * four endpoints the host's capability detection reads (electron/host/capabilities/detect-capabilities.ts):
 * `/version`, `/metadata`, `/user`, `/personal_access_tokens/self`. The answers come from the recorded
 * fixtures electron/host/capabilities/fixtures/*.json (each written from GitLab's documented examples and
 * citing them); where a profile needs another token or user than its fixture holds, the override is
 * written here and says why.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The profiles the proxy can play. */
export const PROFILE_NAMES = [
  '13.10-ee',
  '16.11-ee',
  '18.6-ce',
  '18.6-ee',
  '18.6-ee-admin-mode',
  'gitlab-com',
] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

/** One recorded answer (status and JSON body). */
export interface FixedAnswer {
  status: number;
  body: unknown;
}

/** What one GitLab version is, for the rules (./rules.ts). */
export interface GitLabProfile {
  name: ProfileName;
  /** The version string `GET /version` answers (`18.6.0-ee`). */
  version: string;
  edition: 'ce' | 'ee';
  /** GitLab.com (SaaS): certificate clusters switched off, never an instance administrator. */
  gitlabCom: boolean;
  /** The token's user is an instance administrator (`GET /user` `is_admin`). */
  admin: boolean;
  /**
   * Admin Mode is enabled on the instance and the token lacks the `admin_mode` scope: every admin
   * endpoint answers 403 (doc/administration/settings/sign_in_restrictions.md, "Admin Mode").
   */
  adminModeBlocks: boolean;
  /** Answers by API path below `/api/v4` (`/version`); absent paths are forwarded or refused by rules. */
  answers: Record<string, FixedAnswer>;
  /** What the profile is, in a sentence (from its fixture, with the overrides named). */
  description: string;
}

interface FixtureFile {
  description: string;
  answers: Record<string, FixedAnswer>;
}

const FIXTURE_DIR = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'electron',
  'host',
  'capabilities',
  'fixtures',
);

/** Reads `electron/host/capabilities/fixtures/<name>.json`, its answers keyed without `/api/v4`. */
function fixture(name: string): FixtureFile {
  const raw = JSON.parse(readFileSync(path.join(FIXTURE_DIR, `${name}.json`), 'utf8')) as FixtureFile;
  const answers: Record<string, FixedAnswer> = {};
  for (const [key, answer] of Object.entries(raw.answers)) answers[key.replace(/^\/api\/v4/, '')] = answer;
  return { description: raw.description, answers };
}

/** A copy of `answer` whose body has `changes` merged in. */
function withBody(answer: FixedAnswer | undefined, changes: Record<string, unknown>): FixedAnswer {
  return { status: answer?.status ?? 200, body: { ...(answer?.body as object), ...changes } };
}

/** The administrator of the 18.6 EE fixture (`GET /user` for admins, doc/api/users.md). */
function adminUser(): FixedAnswer {
  return fixture('gitlab-18.6-ee').answers['/user']!;
}

/**
 * Builds profile `name` from its fixture. The token's `expires_at` is moved to 2099-01-01 in every
 * profile: the fixtures' dates (2025) are past on the test machine's clock, and an expired token puts
 * the app's "token expired" banner on every screen (that banner has tests of its own).
 */
export function loadProfile(name: ProfileName): GitLabProfile {
  const profile = buildProfile(name);
  const self = profile.answers['/personal_access_tokens/self'];
  if (self) profile.answers['/personal_access_tokens/self'] = withBody(self, { expires_at: '2099-01-01' });
  return profile;
}

function buildProfile(name: ProfileName): GitLabProfile {
  switch (name) {
    case '13.10-ee': {
      const f = fixture('gitlab-13.10-ee');
      return {
        name,
        version: '13.10.0-ee',
        edition: 'ee',
        gitlabCom: false,
        admin: true,
        adminModeBlocks: false,
        answers: f.answers,
        description: f.description,
      };
    }
    case '16.11-ee': {
      const f = fixture('gitlab-16.11-ee');
      return {
        name,
        version: '16.11.10-ee',
        edition: 'ee',
        gitlabCom: false,
        admin: true,
        adminModeBlocks: false,
        answers: f.answers,
        description: f.description,
      };
    }
    case '18.6-ce': {
      // The fixture's user is a developer with a read_api token; the walk needs an administrator with
      // `api` (admin screens on CE, merging), so /user is the 18.6 EE fixture's administrator and the
      // token carries api + admin_mode. /version and /metadata stay the CE fixture's.
      const f = fixture('gitlab-18.6-ce');
      return {
        name,
        version: '18.6.1',
        edition: 'ce',
        gitlabCom: false,
        admin: true,
        adminModeBlocks: false,
        answers: {
          ...f.answers,
          '/user': adminUser(),
          '/personal_access_tokens/self': withBody(f.answers['/personal_access_tokens/self'], {
            scopes: ['api', 'admin_mode'],
          }),
        },
        description: `${f.description} Overridden: an administrator whose token has api and admin_mode.`,
      };
    }
    case '18.6-ee': {
      // The fixture's token lacks admin_mode (that is the 18.6-ee-admin-mode profile); here it has it.
      const f = fixture('gitlab-18.6-ee');
      return {
        name,
        version: '18.6.0-ee',
        edition: 'ee',
        gitlabCom: false,
        admin: true,
        adminModeBlocks: false,
        answers: {
          ...f.answers,
          '/personal_access_tokens/self': withBody(f.answers['/personal_access_tokens/self'], {
            scopes: ['api', 'admin_mode'],
          }),
        },
        description:
          'GitLab 18.6 EE, administrator whose token carries admin_mode (fixture gitlab-18.6-ee, scopes overridden).',
      };
    }
    case '18.6-ee-admin-mode': {
      const f = fixture('gitlab-18.6-ee');
      return {
        name,
        version: '18.6.0-ee',
        edition: 'ee',
        gitlabCom: false,
        admin: true,
        adminModeBlocks: true,
        answers: f.answers,
        description: `${f.description} Admin Mode is enabled on the instance.`,
      };
    }
    case 'gitlab-com': {
      const f = fixture('gitlab-com');
      return {
        name,
        version: '18.7.0-pre',
        edition: 'ee',
        gitlabCom: true,
        admin: false,
        adminModeBlocks: false,
        answers: f.answers,
        description: f.description,
      };
    }
  }
}
