import { describe, expect, it } from 'vitest';
import type { RepositoryFileView } from './repository-files.js';
import {
  contentDisposition,
  headerValue,
  looksBinary,
  presentBlameRange,
  presentRepositoryFile,
  rawContentType,
  repositoryFileHeaders,
} from './repository-files.js';

const view: RepositoryFileView = {
  name: 'key.rb',
  path: 'app/models/key.rb',
  size: 3,
  content: Buffer.from('abc'),
  sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  ref: 'main',
  blobId: 'b'.repeat(40),
  commitId: 'c'.repeat(40),
  lastCommitId: 'd'.repeat(40),
  executable: false,
};

describe('presentRepositoryFile', () => {
  it("has GitLab's fields with Base64 content", () => {
    expect(presentRepositoryFile(view)).toEqual({
      file_name: 'key.rb',
      file_path: 'app/models/key.rb',
      size: 3,
      encoding: 'base64',
      content_sha256: view.sha256,
      ref: 'main',
      blob_id: view.blobId,
      commit_id: view.commitId,
      last_commit_id: view.lastCommitId,
      execute_filemode: false,
      content: 'YWJj',
    });
  });
});

describe('repositoryFileHeaders', () => {
  it('sends each field as X-Gitlab-* and X-Svc-*', () => {
    const h = repositoryFileHeaders(view);
    expect(h).toMatchObject({
      'X-Gitlab-Blob-Id': view.blobId,
      'X-Gitlab-Commit-Id': view.commitId,
      'X-Gitlab-Content-Sha256': view.sha256,
      'X-Gitlab-Encoding': 'base64',
      'X-Gitlab-File-Name': 'key.rb',
      'X-Gitlab-File-Path': 'app/models/key.rb',
      'X-Gitlab-Last-Commit-Id': view.lastCommitId,
      'X-Gitlab-Ref': 'main',
      'X-Gitlab-Size': '3',
      'X-Gitlab-Execute-Filemode': 'false',
    });
    for (const [k, v] of Object.entries(h).filter(([key]) => key.startsWith('X-Gitlab-')))
      expect(h[k.replace('X-Gitlab-', 'X-Svc-')]).toBe(v);
    expect(Object.keys(h)).toHaveLength(20);
  });

  it('keeps header values single-line and UTF-8 on the wire', () => {
    expect(headerValue('a\r\nb')).toBe('a%0d%0ab');
    expect(Buffer.from(headerValue('é'), 'latin1').toString('utf8')).toBe('é');
  });
});

describe('raw download helpers', () => {
  it('types text as text/plain, raster images by extension, other binaries as octet-stream', () => {
    expect(rawContentType('page.html', Buffer.from('<script>x</script>'))).toBe('text/plain; charset=utf-8');
    expect(rawContentType('logo.svg', Buffer.from('<svg/>'))).toBe('text/plain; charset=utf-8');
    expect(rawContentType('logo.png', Buffer.from([0x89, 0x50, 0, 1]))).toBe('image/png');
    expect(rawContentType('x.bin', Buffer.from([0, 1]))).toBe('application/octet-stream');
    expect(rawContentType('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBe(
      'application/octet-stream',
    );
    expect(looksBinary(Buffer.from('plain ✓'))).toBe(false);
  });

  it('builds an inline disposition with an ASCII fallback and the RFC 5987 name', () => {
    expect(contentDisposition('popen.rb')).toBe(`inline; filename="popen.rb"; filename*=UTF-8''popen.rb`);
    expect(contentDisposition('naïve "q".txt')).toBe(
      `inline; filename="na_ve _q_.txt"; filename*=UTF-8''na%C3%AFve%20%22q%22.txt`,
    );
    expect(contentDisposition("it's (1).txt")).toBe(
      `inline; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`,
    );
  });
});

describe('presentBlameRange', () => {
  it('presents the blame commit fields and the lines', () => {
    const r = presentBlameRange({
      commit: {
        id: 'a'.repeat(40),
        parentIds: [],
        authorName: 'Ada',
        authorEmail: 'ada@example.com',
        authoredDate: '2024-01-01T00:00:00+00:00',
        committerName: 'Ada',
        committerEmail: 'ada@example.com',
        committedDate: '2024-01-01T00:00:00+00:00',
        message: 'Subject\n\nBody',
      },
      lines: ['x'],
    });
    expect(r).toEqual({
      commit: {
        id: 'a'.repeat(40),
        message: 'Subject\n\nBody\n',
        parent_ids: [],
        authored_date: '2024-01-01T00:00:00+00:00',
        author_name: 'Ada',
        author_email: 'ada@example.com',
        committed_date: '2024-01-01T00:00:00+00:00',
        committer_name: 'Ada',
        committer_email: 'ada@example.com',
      },
      lines: ['x'],
    });
  });
});
