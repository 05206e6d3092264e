/** pkt-line framing and the `info/refs` preamble (git's gitprotocol-common "pkt-line Format", gitprotocol-http). */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isAncestorWithQuarantine,
  readRefValues,
  FLUSH_PKT,
  MAX_PKT_PAYLOAD,
  advertisementPreamble,
  parsePktLines,
  pktLine,
  sanitizeGitProtocol,
  wantsProtocolV2,
} from './smart-http.js';

describe('pkt-line helpers', () => {
  it('frames payloads with their 4-hex-digit length, and parses them back', () => {
    expect(pktLine('a\n').toString()).toBe('0006a\n');
    expect(pktLine('').toString()).toBe('0004');
    expect(pktLine('# service=git-upload-pack\n').toString()).toBe('001e# service=git-upload-pack\n');
    const buf = Buffer.concat([pktLine('one\n'), FLUSH_PKT, pktLine(Buffer.from([0, 1, 2]))]);
    expect(parsePktLines(buf)).toEqual([Buffer.from('one\n'), null, Buffer.from([0, 1, 2])]);
  });

  it('refuses payloads over the limit and malformed input', () => {
    expect(() => pktLine(Buffer.alloc(MAX_PKT_PAYLOAD + 1))).toThrow(RangeError);
    expect(pktLine(Buffer.alloc(MAX_PKT_PAYLOAD)).subarray(0, 4).toString()).toBe('fff0');
    expect(() => parsePktLines(Buffer.from('00zz'))).toThrow(/bad pkt-line/);
    expect(() => parsePktLines(Buffer.from('0009abc'))).toThrow(/truncated/);
    expect(() => parsePktLines(Buffer.from('0002'))).toThrow(/truncated/);
  });

  it('prefixes the v0/v1 advertisement with the service line and a flush, not the v2 one', () => {
    expect(advertisementPreamble('git-receive-pack', null).toString()).toBe(
      '001f# service=git-receive-pack\n0000',
    );
    expect(advertisementPreamble('git-upload-pack', 'version=1').toString()).toBe(
      '001e# service=git-upload-pack\n0000',
    );
    expect(advertisementPreamble('git-upload-pack', 'version=2').length).toBe(0);
    expect(wantsProtocolV2('object-format=sha1:version=2')).toBe(true);
    expect(wantsProtocolV2('version=1')).toBe(false);
  });

  it('passes only plain key=value Git-Protocol headers on to git', () => {
    expect(sanitizeGitProtocol('version=2')).toBe('version=2');
    expect(sanitizeGitProtocol('version=2:object-format=sha1')).toBe('version=2:object-format=sha1');
    expect(sanitizeGitProtocol('version=2\nX=1')).toBeNull();
    expect(sanitizeGitProtocol('$(reboot)')).toBeNull();
    expect(sanitizeGitProtocol(['version=2'])).toBeNull();
    expect(sanitizeGitProtocol(undefined)).toBeNull();
  });
});

describe('ref reads for pushes', () => {
  const env = {
    ...process.env,
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'A',
    GIT_AUTHOR_EMAIL: 'a@example.com',
    GIT_COMMITTER_NAME: 'A',
    GIT_COMMITTER_EMAIL: 'a@example.com',
  };
  const git = (dir: string, ...args: string[]) =>
    execFileSync('git', ['--git-dir', dir, ...args], { env, encoding: 'utf8' }).trim();

  it('reads named refs (few or many) and answers ancestry', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-smart-http-'));
    try {
      execFileSync('git', ['init', '--quiet', '--bare', dir], { env });
      const tree = git(dir, 'mktree', '--missing');
      const first = execFileSync('git', ['--git-dir', dir, 'commit-tree', tree, '-m', 'one'], {
        env,
        encoding: 'utf8',
      }).trim();
      const second = execFileSync('git', ['--git-dir', dir, 'commit-tree', tree, '-p', first, '-m', 'two'], {
        env,
        encoding: 'utf8',
      }).trim();
      const tags = Array.from({ length: 300 }, (_, i) => `refs/tags/t${i}`);
      execFileSync('git', ['--git-dir', dir, 'update-ref', '--stdin'], {
        env,
        input:
          [`create refs/heads/main ${second}`, ...tags.map((t) => `create ${t} ${first}`)].join('\n') + '\n',
      });
      const few = await readRefValues(dir, ['refs/heads/main', 'refs/heads/none']);
      expect([...few]).toEqual([
        ['refs/heads/main', second],
        ['refs/heads/none', null],
      ]);
      const many = await readRefValues(dir, [...tags, 'refs/heads/main', 'refs/tags/missing']);
      expect(many.size).toBe(302);
      expect(many.get('refs/tags/t299')).toBe(first);
      expect(many.get('refs/heads/main')).toBe(second);
      expect(many.get('refs/tags/missing')).toBeNull();
      expect(await isAncestorWithQuarantine(dir, first, second, {})).toBe(true);
      expect(await isAncestorWithQuarantine(dir, second, first, {})).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
