/**
 * Test-only: a small real HTTP server on 127.0.0.1 standing in for a GitLab instance, answering from a
 * recorded fixture (../fixtures/*.json, each written from GitLab's documented response examples and
 * citing them). Paths the fixture does not hold answer GitLab's `404 {"message":"404 Not Found"}`, and
 * every request is recorded so a test can prove what was (not) asked.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One recorded answer. */
export interface RecordedAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A fixture: what one GitLab instance answers, and where the answers come from. */
export interface GitLabFixture {
  description: string;
  /** GitLab doc pages (or source files) each answer is written from. */
  sources: string[];
  /** The host the instance is reached at (`gitlab.example.com`, `gitlab.com`). */
  baseHost: string;
  /** Answers by path (`/api/v4/version`), query ignored. */
  answers: Record<string, RecordedAnswer>;
}

/** The names of the stored fixtures. */
export const FIXTURE_NAMES = [
  'gitlab-13.10-ee',
  'gitlab-15.4-ce',
  'gitlab-16.11-ee',
  'gitlab-18.6-ce',
  'gitlab-18.6-ee',
  'gitlab-com',
] as const;
export type FixtureName = (typeof FIXTURE_NAMES)[number];

const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** Reads fixture `name` (`gitlab-18.6-ee`). */
export function loadFixture(name: FixtureName): GitLabFixture {
  return JSON.parse(readFileSync(join(FIXTURE_DIR, `${name}.json`), 'utf8')) as GitLabFixture;
}

/** A request the recorded instance received. */
export interface SeenRequest {
  method: string;
  /** Path without the query. */
  path: string;
  /** The query string as sent, without `?` ('' when none). */
  query: string;
  /** The PRIVATE-TOKEN header as sent. */
  token: string | undefined;
}

/** The running stand-in. */
export interface RecordedGitLab {
  /** `http://127.0.0.1:<port>` */
  url: string;
  seen: SeenRequest[];
  /** Replaces or adds one answer while running (`null` removes it: 404). */
  setAnswer(path: string, answer: RecordedAnswer | null): void;
  close(): Promise<void>;
}

/**
 * Serves `fixture` on 127.0.0.1:0. Only `token` (or one of them) is accepted as `PRIVATE-TOKEN`; anything else gets
 * GitLab's `401 {"message":"401 Unauthorized"}` (doc/api/rest/troubleshooting.md, status codes).
 * `extraAnswers` adds paths beyond the fixture (a project for a screen test); a key `<path>?page=N`
 * answers only that page of a paginated list, `<path>?cursor=C` only that keyset page (the query is
 * otherwise ignored). With `cors`, preflights are
 * answered and every answer allows any origin: renderer tests run the real host inside happy-dom, whose
 * `fetch` (the host's remote path uses the global fetch) enforces CORS like a browser; Node's does not.
 */
export async function startRecordedGitLab(
  fixture: GitLabFixture,
  {
    token,
    extraAnswers = {},
    cors = false,
  }: {
    token: string | readonly string[];
    extraAnswers?: Record<string, RecordedAnswer>;
    cors?: boolean;
  },
): Promise<RecordedGitLab> {
  const answers = new Map<string, RecordedAnswer>(Object.entries({ ...fixture.answers, ...extraAnswers }));
  const seen: SeenRequest[] = [];
  const accepted: readonly string[] = typeof token === 'string' ? [token] : token;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://recorded');
      const path = url.pathname;
      const corsHeaders: Record<string, string> = cors
        ? {
            'access-control-allow-origin': '*',
            'access-control-allow-headers': 'private-token, content-type, accept, if-none-match',
            'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
          }
        : {};
      if (cors && req.method === 'OPTIONS') {
        res.writeHead(204, corsHeaders).end();
        return;
      }
      const given = req.headers['private-token'];
      seen.push({
        method: req.method ?? '',
        path,
        query: url.search.slice(1),
        token: typeof given === 'string' ? given : undefined,
      });
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res
          .writeHead(status, { 'content-type': 'application/json', ...corsHeaders, ...headers })
          .end(JSON.stringify(body));
      if (typeof given !== 'string' || !accepted.includes(given))
        return send(401, { message: '401 Unauthorized' });
      // `<path>?cursor=C` answers one keyset page (GitLab's keyset links also carry `page=1`, so the
      // cursor decides first), `<path>?page=N` one offset page; otherwise the path's answer.
      const page = url.searchParams.get('page');
      const cursor = url.searchParams.get('cursor');
      const answer =
        (cursor !== null ? answers.get(`${path}?cursor=${cursor}`) : undefined) ??
        (page !== null ? answers.get(`${path}?page=${page}`) : undefined) ??
        answers.get(path);
      if (!answer) return send(404, { message: '404 Not Found' });
      send(answer.status, answer.body, answer.headers);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    setAnswer(path, answer) {
      if (answer) answers.set(path, answer);
      else answers.delete(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
