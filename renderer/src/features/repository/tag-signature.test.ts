import { describe, expect, it } from 'vitest';
import { splitTagSignature } from './tag-signature.js';

const PGP = [
  '-----BEGIN PGP SIGNATURE-----',
  '',
  'iQEzBAABCAAdFiEEexampleexampleexampleexampleexampleFAmVhbGwACgkQ',
  'abcdefABCDEF0123456789+/=',
  '=Ab12',
  '-----END PGP SIGNATURE-----',
].join('\n');

describe('splitTagSignature', () => {
  it('takes a PGP signature off the message and says it was signed', () => {
    expect(splitTagSignature(`Release 1.0\n\nNotes line\n${PGP}\n`)).toEqual({
      text: 'Release 1.0\n\nNotes line',
      signed: true,
    });
  });

  it('recognises SSH and X.509 signatures', () => {
    const ssh = 'v2\n-----BEGIN SSH SIGNATURE-----\nU1NIU0lHAAAAAQ==\n-----END SSH SIGNATURE-----\n';
    expect(splitTagSignature(ssh)).toEqual({ text: 'v2', signed: true });
    const x509 = 'v3\n-----BEGIN SIGNED MESSAGE-----\nMIAGCSqGSIb3\n-----END SIGNED MESSAGE-----';
    expect(splitTagSignature(x509)).toEqual({ text: 'v3', signed: true });
  });

  it('leaves an unsigned message as it is (but for trailing blanks)', () => {
    expect(splitTagSignature('Just a note\n')).toEqual({ text: 'Just a note', signed: false });
    expect(splitTagSignature('')).toEqual({ text: '', signed: false });
  });

  it('does not treat an unclosed or mismatched armour line as a signature', () => {
    const open = 'Look:\n-----BEGIN PGP SIGNATURE-----\nnot closed';
    expect(splitTagSignature(open)).toEqual({ text: open, signed: false });
    const mismatched = 'x\n-----BEGIN PGP SIGNATURE-----\nabc\n-----END SSH SIGNATURE-----';
    expect(splitTagSignature(mismatched).signed).toBe(false);
  });

  it('a message that is only a signature leaves no text', () => {
    expect(splitTagSignature(`${PGP}\n`)).toEqual({ text: '', signed: true });
  });
});
