import { describe, expect, it } from 'vitest';
import { blobContentHeaders } from './blob-content-type.js';

describe('blobContentHeaders', () => {
  it('serves text (HTML included) as text/plain inline', () => {
    expect(blobContentHeaders(Buffer.from('# hello\n'))).toEqual({
      contentType: 'text/plain; charset=utf-8',
      disposition: 'inline',
    });
    expect(blobContentHeaders(Buffer.from('<html><script>x</script></html>')).contentType).toBe(
      'text/plain; charset=utf-8',
    );
  });

  it('sniffs images and PDFs to render inline', () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(8)]);
    expect(blobContentHeaders(png)).toEqual({ contentType: 'image/png', disposition: 'inline' });
    expect(blobContentHeaders(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0])).contentType).toBe('image/jpeg');
    expect(blobContentHeaders(Buffer.from('GIF89a\x00\x00', 'latin1')).contentType).toBe('image/gif');
    expect(blobContentHeaders(Buffer.from('%PDF-1.7\n\x00', 'latin1')).contentType).toBe('application/pdf');
  });

  it('forces SVG and unknown bytes to download', () => {
    expect(blobContentHeaders(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toEqual({
      contentType: 'image/svg+xml',
      disposition: 'attachment',
    });
    expect(blobContentHeaders(Buffer.from([0, 1, 2, 255]))).toEqual({
      contentType: 'application/octet-stream',
      disposition: 'attachment',
    });
  });
});
