import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.js';
import { decodeContent } from './write-file.js';

describe('decodeContent', () => {
  it('takes text as UTF-8', () => {
    expect(decodeContent('héllo', 'text')).toEqual(Buffer.from('héllo', 'utf8'));
  });

  it('decodes Base64 strictly, allowing line breaks and missing padding', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253]);
    const encoded = bytes.toString('base64');
    expect(decodeContent(encoded, 'base64')).toEqual(bytes);
    expect(decodeContent(`${encoded.slice(0, 4)}\r\n${encoded.slice(4)}`, 'base64')).toEqual(bytes);
    expect(decodeContent(encoded.replace(/=+$/, ''), 'base64')).toEqual(bytes);
    expect(decodeContent('', 'base64')).toEqual(Buffer.alloc(0));
  });

  it.each(['not base64!', 'abcde', 'ab=c', '====', 'a-b_'])(
    'refuses %j with a 400 ValidationError',
    (bad) => {
      expect(() => decodeContent(bad, 'base64')).toThrow(ValidationError);
    },
  );
});
