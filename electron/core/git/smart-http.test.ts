/** pkt-line framing and the `info/refs` preamble (git's gitprotocol-common "pkt-line Format", gitprotocol-http). */
import { describe, expect, it } from 'vitest';
import {
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
