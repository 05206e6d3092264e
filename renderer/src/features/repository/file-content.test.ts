import { describe, expect, it } from 'vitest';
import { decodeContent, formatBytes, imageTypeForPath } from './file-content.js';

const base64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes));

describe('decodeContent', () => {
  it('decodes UTF-8 text', () => {
    const encoded = base64([...new TextEncoder().encode('héllo ✓\n')]);
    expect(decodeContent(encoded)).toEqual({ kind: 'text', text: 'héllo ✓\n' });
  });

  it('drops a byte-order mark', () => {
    expect(decodeContent(base64([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ kind: 'text', text: 'a' });
  });

  it('calls NUL bytes and invalid UTF-8 binary', () => {
    expect(decodeContent(base64([0x89, 0x50, 0x00, 0x47]))).toEqual({ kind: 'binary', size: 4 });
    expect(decodeContent(base64([0xff, 0xfe, 0x41]))).toEqual({ kind: 'binary', size: 3 });
  });

  it('handles an empty file', () => {
    expect(decodeContent('')).toEqual({ kind: 'text', text: '' });
  });
});

describe('file helpers', () => {
  it('knows image types by extension', () => {
    expect(imageTypeForPath('docs/logo.PNG')).toBe('image/png');
    expect(imageTypeForPath('icon.svg')).toBe('image/svg+xml');
    expect(imageTypeForPath('png')).toBeNull();
    expect(imageTypeForPath('a.ts')).toBeNull();
  });

  it('formats sizes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * 1024)).toBe('20 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3 MB');
  });
});
