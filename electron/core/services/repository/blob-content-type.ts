/**
 * The `Content-Type` and `Content-Disposition` of a raw blob as GitLab Workhorse sets them for
 * `send_git_blob` with its detect header (workhorse internal/headers/content_headers.go
 * `SafeContentHeaders`: Go's `http.DetectContentType` sniffing, every text type served as
 * `text/plain; charset=utf-8`, SVG forced to download, images and PDFs inline, anything else an
 * attachment). A blob has no file name, so the disposition carries none. Pure; unit-tested.
 */
import { looksBinary } from '../../entities/repository-files.js';

/** Leading bytes → type, as `http.DetectContentType` knows them (the ones GitLab lets render inline). */
const SIGNATURES: readonly { type: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { type: 'image/jpeg', test: (b) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')) },
  { type: 'image/gif', test: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 14).toString('latin1') === 'WEBPVP',
  },
  { type: 'image/bmp', test: (b) => b.subarray(0, 2).toString('latin1') === 'BM' },
  { type: 'image/x-icon', test: (b) => b.subarray(0, 4).equals(Buffer.from('00000100', 'hex')) },
  { type: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

/** `{contentType, disposition}` for the raw bytes of a blob. */
export function blobContentHeaders(bytes: Buffer): {
  contentType: string;
  disposition: 'inline' | 'attachment';
} {
  const head = bytes.subarray(0, 512);
  const known = SIGNATURES.find((s) => s.test(head));
  if (known) return { contentType: known.type, disposition: 'inline' };
  const text = head.toString('utf8').trimStart();
  if (/^<svg[\s>]/i.test(text) || (/^<\?xml/i.test(text) && /<svg[\s>]/i.test(text)))
    return { contentType: 'image/svg+xml', disposition: 'attachment' };
  if (!looksBinary(bytes)) return { contentType: 'text/plain; charset=utf-8', disposition: 'inline' };
  return { contentType: 'application/octet-stream', disposition: 'attachment' };
}
